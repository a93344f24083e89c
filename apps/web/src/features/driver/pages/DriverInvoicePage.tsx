import { ActionIcon, Alert, Anchor, Button, Card, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { formatMoney } from '@wd/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { catalogIndex, groupPriceOf, lookupProduct } from '../catalog';
import { CameraScanner } from '../components/CameraScanner';
import { LineCard } from '../components/DeviceLineCard';
import { DriverPaymentModal } from '../components/DriverPaymentModal';
import { ScanForm } from '../components/ScanForm';
import { SignatureModal } from '../components/SignatureModal';
import type { DeviceInvoice, DeviceLine, StoredProduct } from '../db';
import { deviceTotals, newLine } from '../pricing';
import { finalizeInvoice, syncNow } from '../sync';
import { type EditDraft, useDraft } from '../useDraft';

const PAYMENT_LABEL = { cash: 'Cash', cheque: 'Cheque', moneyOrder: 'Money order', credit: 'Credit' } as const;

/** Adds a product: a repeated scan grows the product's sale line instead of adding another. */
async function addProduct(inv: DeviceInvoice, edit: EditDraft, product: StoredProduct, byBox: boolean) {
  const group = await groupPriceOf(inv.priceGroupID, product.id);
  const line = newLine(product, inv.priceGroupID, group, byBox);
  return edit((current) => {
    const lines = [...current.lines];
    const same = lines.findIndex((l) => l.productID === product.id && l.quantity > 0);
    if (same >= 0) lines[same] = { ...lines[same], quantity: lines[same].quantity + line.quantity };
    else lines.push(line);
    return { lines };
  });
}

/** An invoice at the store's door: scan, quantities, returns, payment, signature, then final and printed. */
export default function DriverInvoicePage() {
  const { localId = '' } = useParams();
  const navigate = useNavigate();
  const { inv, edit, latest } = useDraft(localId);
  const [matches, setMatches] = useState<StoredProduct[]>([]);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [camera, setCamera] = useState(false);
  const [paying, setPaying] = useState(false);
  const [signing, setSigning] = useState(false);
  const [finishing, setFinishing] = useState<string | null>(null);
  const scanBox = useRef<HTMLInputElement>(null);
  // The catalog is indexed while the driver gets ready, not on the first scan.
  useEffect(() => {
    void catalogIndex().catch(() => undefined);
  }, []);

  // Scans are handled one after the other, in the order they came (a scanner types faster than storage answers).
  const scans = useRef<Promise<unknown>>(Promise.resolve());
  const handleScan = useCallback(
    async (code: string) => {
      const current = latest();
      if (current?.state !== 'draft') return;
      const found = await lookupProduct(code);
      if ('product' in found) {
        await addProduct(current, edit, found.product, found.byBox);
        setMatches([]);
        setMessage({ ok: true, text: `Added ${found.product.name}` });
      } else {
        setMatches(found.matches);
        setMessage({ ok: false, text: found.matches.length ? 'Pick the product' : `Nothing matches "${code}"` });
      }
    },
    [latest, edit],
  );
  const scan = useCallback(
    (code: string) => {
      const next = scans.current.then(() => handleScan(code));
      scans.current = next.catch(() => undefined);
      return next;
    },
    [handleScan],
  );

  const openCamera = useCallback(() => setCamera(true), []);
  const closeCamera = useCallback(() => setCamera(false), []);
  const editLine = useCallback(
    (i: number, change: (l: DeviceLine) => DeviceLine | null) =>
      edit((cur) => ({
        lines: cur.lines.flatMap((l, j) => {
          if (j !== i) return [l];
          const next = change(l);
          return next ? [next] : [];
        }),
      })),
    [edit],
  );
  const removeLine = useCallback((i: number) => editLine(i, () => null), [editLine]);

  if (inv === null) return <Loader aria-label="Opening the invoice" />;
  if (inv === undefined) {
    return (
      <Alert color="yellow" title="This invoice is not on the device">
        <Anchor component={Link} to="/driver">
          Back to today's stops
        </Anchor>
      </Alert>
    );
  }
  const readOnly = inv.state === 'final';
  const totals = deviceTotals(inv.lines, inv.payments);
  const due = (totals.total - totals.amountCredited) / 100;

  const finish = async () => {
    setFinishing(null);
    try {
      await edit(() => ({ printedAt: new Date().toISOString() }));
      await finalizeInvoice(localId);
      void syncNow();
      navigate(`/driver/print/${localId}`);
    } catch (e) {
      await edit(() => ({ printedAt: null }));
      setFinishing(e instanceof Error ? e.message : String(e));
    }
  };

  return (
    <Stack gap="sm" pb={220}>
      <Anchor component={Link} to={`/driver/stop/${inv.customerID}`} size="sm">
        ← {inv.customer}
      </Anchor>
      <Title order={1} size="h3">
        {inv.number ? `Invoice/${inv.number}` : inv.type === 'consignment' ? 'New consignment invoice' : 'New invoice'}
      </Title>
      {!readOnly && <ScanForm onScan={(code) => void scan(code)} onCamera={openCamera} inputRef={scanBox} />}
      {message && (
        <Text c={message.ok ? 'green.8' : 'red.8'} aria-live="polite" data-testid="scan-message">
          {message.text}
        </Text>
      )}
      {matches.map((p) => (
        <Button
          key={p.id}
          variant="default"
          size="md"
          justify="space-between"
          rightSection={formatMoney(p.sellingPrice)}
          onClick={async () => {
            await addProduct(inv, edit, p, false);
            setMatches([]);
            setMessage({ ok: true, text: `Added ${p.name}` });
            scanBox.current?.focus();
          }}
        >
          {p.name}
        </Button>
      ))}
      {inv.lines.length === 0 && <Text c="dimmed">No lines yet: scan the first product.</Text>}
      {inv.lines.map((line, i) => (
        <LineCard
          // biome-ignore lint/suspicious/noArrayIndexKey: a draft's line is its position (edits address it by index)
          key={`${line.productID}-${i}`}
          index={i}
          line={line}
          readOnly={readOnly}
          onChange={editLine}
          onRemove={removeLine}
        />
      ))}
      {inv.payments.map((p, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a payment of a draft is its position (removed by index)
        <Card key={`${p.paymentType}-${i}`} withBorder padding="sm" bg="green.0">
          <Group justify="space-between">
            <Text>
              {PAYMENT_LABEL[p.paymentType]}
              {p.chequeNo ? ` #${p.chequeNo}` : ''}
              {p.chequeImage ? ' · photo' : ''}
            </Text>
            <Group gap={6}>
              <Text fw={700}>{formatMoney(p.amount)}</Text>
              {!readOnly && (
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="lg"
                  aria-label="Remove the payment"
                  onClick={() => edit((cur) => ({ payments: cur.payments.filter((_, j) => j !== i) }))}
                >
                  ✕
                </ActionIcon>
              )}
            </Group>
          </Group>
        </Card>
      ))}
      {inv.proof && (
        <Card withBorder padding="sm">
          <Text size="sm">
            Received by <b>{inv.proof.receivedBy}</b> at {new Date(inv.proof.signedAt).toLocaleTimeString('en-US')}
          </Text>
          <img
            src={inv.proof.signature}
            alt={`Signature of ${inv.proof.receivedBy}`}
            style={{ maxHeight: 80, maxWidth: '100%' }}
          />
        </Card>
      )}
      {finishing && <Alert color="red">{finishing}</Alert>}

      <Paper
        withBorder
        shadow="md"
        p="sm"
        pos="fixed"
        bottom={0}
        left={0}
        right={0}
        style={{ zIndex: 20, borderRadius: 0 }}
        data-testid="running-total"
      >
        <Group justify="space-between" wrap="nowrap">
          <Stack gap={0}>
            <Text size="sm">
              Sold {formatMoney(totals.total / 100)} · returns {formatMoney(totals.amountCredited / 100)}
            </Text>
            <Text size="sm">Paid {formatMoney(totals.paid / 100)}</Text>
          </Stack>
          <Stack gap={0} align="flex-end">
            <Text size="xs">Total</Text>
            <Text fw={800} size="xl" data-testid="invoice-total">
              {formatMoney(due)}
            </Text>
          </Stack>
        </Group>
        {readOnly ? (
          <Group grow mt={6}>
            <Button size="lg" component={Link} to={`/driver/print/${localId}`} variant="light">
              Print again
            </Button>
            <Button size="lg" component={Link} to="/driver">
              Next stop
            </Button>
          </Group>
        ) : (
          <Stack gap={6} mt={6}>
            <Group grow gap={6}>
              <Button size="md" variant="light" onClick={() => setPaying(true)} disabled={inv.lines.length === 0}>
                Payment
              </Button>
              <Button size="md" variant="light" onClick={() => setSigning(true)} disabled={inv.lines.length === 0}>
                {inv.proof ? 'Sign again' : 'Signature'}
              </Button>
            </Group>
            <Button size="lg" onClick={finish} disabled={inv.lines.length === 0}>
              Finish & print
            </Button>
          </Stack>
        )}
      </Paper>
      <CameraScanner opened={camera} onClose={closeCamera} onCode={scan} />
      <DriverPaymentModal
        opened={paying}
        balance={totals.balance / 100}
        onClose={() => setPaying(false)}
        onAdd={async (p) => {
          await edit((cur) => ({ payments: [...cur.payments, p] }));
          setPaying(false);
        }}
      />
      <SignatureModal
        opened={signing}
        onClose={() => setSigning(false)}
        onSigned={async (proof) => {
          await edit(() => ({ proof }));
          setSigning(false);
        }}
      />
    </Stack>
  );
}
