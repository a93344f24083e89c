import {
  Alert,
  Button,
  FileButton,
  Group,
  Image,
  Modal,
  NumberInput,
  SegmentedControl,
  Stack,
  TextInput,
} from '@mantine/core';
import { MAX_DEVICE_IMAGE_BYTES, type PaymentType } from '@wd/contracts';
import { useEffect, useState } from 'react';
import type { DevicePayment } from '../db';

const TYPES: { value: PaymentType; label: string }[] = [
  { value: 'cash', label: 'Cash' },
  { value: 'cheque', label: 'Cheque' },
  { value: 'moneyOrder', label: 'Money order' },
  { value: 'credit', label: 'Credit' },
];

/** A camera photo made small enough to travel: at most 1280 px wide, JPEG, under the server's 600 KB. */
export async function photoDataUrl(file: File): Promise<string> {
  const bitmap = await createImageBitmap(file);
  const scale = Math.min(1, 1280 / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(bitmap.width * scale);
  canvas.height = Math.round(bitmap.height * scale);
  canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  for (const quality of [0.75, 0.6, 0.45, 0.3]) {
    const url = canvas.toDataURL('image/jpeg', quality);
    if ((url.length * 3) / 4 < MAX_DEVICE_IMAGE_BYTES) return url;
  }
  throw new Error('The photo is too large even compressed; take it again closer');
}

/** A payment taken at the door: the type, the amount (the balance to start with), a cheque's number and photo. */
export function DriverPaymentModal({
  opened,
  balance,
  onClose,
  onAdd,
}: {
  opened: boolean;
  balance: number;
  onClose(): void;
  onAdd(payment: DevicePayment): void;
}) {
  const [type, setType] = useState<PaymentType>('cash');
  const [amount, setAmount] = useState<number | string>(balance);
  const [chequeNo, setChequeNo] = useState('');
  const [photo, setPhoto] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (opened) {
      setAmount(Math.max(0, balance));
      setType('cash');
      setChequeNo('');
      setPhoto(undefined);
      setError(null);
    }
  }, [opened, balance]);

  const value = typeof amount === 'number' ? amount : Number(amount);
  const valid = value > 0 && Math.round(value * 100) === value * 100 && (type !== 'cheque' || chequeNo.trim() !== '');
  return (
    <Modal opened={opened} onClose={onClose} title="Payment" fullScreen>
      <Stack>
        <SegmentedControl
          size="md"
          value={type}
          onChange={(v) => setType(v as PaymentType)}
          data={TYPES}
          aria-label="Payment type"
        />
        <NumberInput
          label="Amount"
          size="lg"
          prefix="$"
          decimalScale={2}
          fixedDecimalScale
          min={0}
          value={amount}
          onChange={setAmount}
          inputMode="decimal"
        />
        {type === 'cheque' && (
          <>
            <TextInput
              label="Cheque No."
              size="lg"
              value={chequeNo}
              onChange={(e) => setChequeNo(e.currentTarget.value)}
              inputMode="numeric"
            />
            <FileButton
              accept="image/*"
              capture="environment"
              onChange={async (file) => {
                if (!file) return;
                try {
                  setPhoto(await photoDataUrl(file));
                  setError(null);
                } catch (e) {
                  setError(e instanceof Error ? e.message : String(e));
                }
              }}
            >
              {(props) => (
                <Button size="lg" variant="light" {...props}>
                  {photo ? 'Take the photo again' : 'Photo of the cheque'}
                </Button>
              )}
            </FileButton>
            {photo && <Image src={photo} alt="The cheque" radius="sm" mah={200} fit="contain" />}
          </>
        )}
        {error && <Alert color="red">{error}</Alert>}
        <Group grow>
          <Button size="lg" variant="default" onClick={onClose}>
            Back
          </Button>
          <Button
            size="lg"
            disabled={!valid}
            onClick={() =>
              onAdd({
                paymentType: type,
                amount: value,
                chequeNo: type === 'cheque' ? chequeNo.trim() : '',
                ...(photo ? { chequeImage: photo } : {}),
              })
            }
          >
            Add payment
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
