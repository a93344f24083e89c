import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Card,
  Checkbox,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { formatMoney } from '@wd/contracts';
import { memo, useCallback, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { groupPriceOf, lookupProduct } from '../catalog';
import { CameraScanner } from '../components/CameraScanner';
import { DriverPaymentModal } from '../components/DriverPaymentModal';
import { SignatureModal } from '../components/SignatureModal';
import {
  type DeviceInvoice,
  type DeviceLine,
  type DraftChange,
  draftWriter,
  driverDb,
  type StoredProduct,
} from '../db';
import { deviceTotals, lineAmount, newLine } from '../pricing';
import { finalizeInvoice, syncNow } from '../sync';

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

interface LineCardProps {
  index: number;
  line: DeviceLine;
  readOnly: boolean;
  /** A change of the line as it is stored when the change lands (a scan may have grown it meanwhile). */
  onChange(index: number, change: (current: DeviceLine) => DeviceLine): void;
  onRemove(index: number): void;
}

/** Equal when the line shows the same: storage answers new objects on every change, so fields are compared. */
function sameLine(a: LineCardProps, b: LineCardProps) {
  const keys = Object.keys(a.line) as (keyof DeviceLine)[];
  return (
    a.index === b.index &&
    a.readOnly === b.readOnly &&
    a.onChange === b.onChange &&
    a.onRemove === b.onRemove &&
    keys.length === Object.keys(b.line).length &&
    keys.every((k) => a.line[k] === b.line[k])
  );
}

/**
 * One line of the invoice. Drawn again only when that line changes, so a scan on a 200-line
 * invoice draws one card, not 200.
 */
const LineCard = memo(function LineCard({ index, line, readOnly, onChange: change, onRemove: remove }: LineCardProps) {
  const onChange = (c: (current: DeviceLine) => DeviceLine) => change(index, c);
  const onRemove = () => remove(index);
  const isReturn = line.quantity < 0;
  const qty = Math.abs(line.quantity);
  /** Sets the quantity from the stored one, keeping the line a sale or a return. */
  const setQty = (next: (current: number) => number) =>
    onChange((l) => {
      const q = next(Math.abs(l.quantity));
      return q < 1 || q > 100_000 ? l : { ...l, quantity: l.quantity < 0 ? -q : q };
    });
  return (
    <Card withBorder padding="sm" radius="md" data-testid="device-line">
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text fw={600} truncate="end">
            {line.productName}
          </Text>
          <Text size="sm" c="dimmed">
            {formatMoney(line.sellingPrice)} each
            {isReturn ? (line.damaged ? ' · returned damaged' : ' · returned') : ''}
          </Text>
        </Stack>
        <Text fw={700} style={{ whiteSpace: 'nowrap' }} c={isReturn ? 'red' : undefined}>
          {formatMoney(lineAmount(line))}
        </Text>
      </Group>
      {!readOnly && (
        <Group justify="space-between" mt={6} gap="xs">
          <Group gap={4} wrap="nowrap">
            <ActionIcon
              size="xl"
              variant="default"
              aria-label={`One less ${line.productName}`}
              onClick={() => setQty((q) => q - 1)}
              disabled={qty <= 1}
            >
              −
            </ActionIcon>
            <TextInput
              aria-label={`Quantity of ${line.productName}`}
              value={String(qty)}
              onChange={(e) => {
                const n = Number(e.currentTarget.value);
                if (Number.isInteger(n) && n >= 1 && n <= 100_000) setQty(() => n);
              }}
              inputMode="numeric"
              w={64}
              size="md"
              styles={{ input: { textAlign: 'center' } }}
            />
            <ActionIcon
              size="xl"
              variant="default"
              aria-label={`One more ${line.productName}`}
              onClick={() => setQty((q) => q + 1)}
            >
              +
            </ActionIcon>
          </Group>
          <ActionIcon
            size="xl"
            variant="subtle"
            color="red"
            aria-label={`Remove ${line.productName}`}
            onClick={onRemove}
          >
            ✕
          </ActionIcon>
          <Group gap="md" w="100%">
            <Checkbox
              label="Return"
              size="md"
              checked={isReturn}
              onChange={(e) => {
                const returned = e.currentTarget.checked;
                onChange((l) => ({
                  ...l,
                  quantity: returned ? -Math.abs(l.quantity) : Math.abs(l.quantity),
                  damaged: returned && l.damaged,
                }));
              }}
            />
            {isReturn && (
              <Checkbox
                label="Damaged"
                size="md"
                checked={line.damaged}
                onChange={(e) => {
                  const damaged = e.currentTarget.checked;
                  onChange((l) => ({ ...l, damaged }));
                }}
              />
            )}
          </Group>
        </Group>
      )}
      {readOnly && <Text size="sm">Quantity {line.quantity}</Text>}
    </Card>
  );
}, sameLine);

/** The scan box: keeps its own text, so typing (a scanner types like a keyboard) redraws nothing else. */
function ScanForm({
  onScan,
  onCamera,
  inputRef,
}: {
  onScan(code: string): void;
  onCamera(): void;
  inputRef: React.RefObject<HTMLInputElement | null>;
}) {
  const [text, setText] = useState('');
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        const code = text;
        setText('');
        onScan(code);
      }}
    >
      <Group gap="xs" wrap="nowrap" align="flex-end">
        <TextInput
          ref={inputRef}
          label="Scan or type a barcode or name"
          size="lg"
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          autoFocus
          autoComplete="off"
          style={{ flex: 1 }}
        />
        <Button size="lg" variant="light" onClick={onCamera} aria-label="Scan with the camera">
          <svg
            width="26"
            height="26"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            aria-hidden="true"
          >
            <path d="M4 7h3l2-3h6l2 3h3a1 1 0 0 1 1 1v11a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V8a1 1 0 0 1 1-1z" />
            <circle cx="12" cy="13" r="4" />
          </svg>
        </Button>
      </Group>
    </form>
  );
}

type EditDraft = (change: DraftChange) => Promise<boolean>;

/** The draft of this page, through its writer (db.ts, draftWriter): shown once storage has each change. */
function useDraft(localId: string) {
  const [inv, setInv] = useState<DeviceInvoice | undefined | null>(null);
  const writer = useRef<ReturnType<typeof draftWriter> | null>(null);
  useEffect(() => {
    let live = true;
    writer.current = null;
    void driverDb.invoices.get(localId).then((found) => {
      if (!live) return;
      writer.current = draftWriter(found, (stored) => live && setInv(stored));
      setInv(found);
    });
    return () => {
      live = false;
    };
  }, [localId]);
  const edit: EditDraft = useCallback((change) => writer.current?.edit(change) ?? Promise.resolve(false), []);
  const latest = useCallback(() => writer.current?.latest(), []);
  return { inv, edit, latest };
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
