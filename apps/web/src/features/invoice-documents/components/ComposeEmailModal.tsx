import { Alert, Anchor, Group, Loader, Stack, TagsInput, Text, Textarea, TextInput } from '@mantine/core';
import { EMAIL_BOUNDS, EMAIL_PLACEHOLDERS, emailOptions } from '@wd/contracts';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { FormDialog } from '../../../components/DialogActions';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { type SendKind, useEmailDraft, useSendInvoice } from '../api';
import { addressTags, badCopy, showSendResult } from '../send';

export interface ComposeTarget {
  id: number;
  kind: SendKind;
  /** The invoice's number as the list shows it, for the title. */
  invoiceNo?: string;
}

type Fields = { to: string; cc: string[]; subject: string; message: string };
const EMPTY: Fields = { to: '', cc: [], subject: '', message: '' };
const PLACEHOLDER_HINT = Object.keys(EMAIL_PLACEHOLDERS)
  .slice(0, 6)
  .map((p) => `{${p}}`)
  .join(' ');

/**
 * The compose step of an invoice's e-mail (docs/email.md): who it goes to (the customer's address,
 * editable), copies, the subject and message from the Settings templates, the files it carries;
 * then Send. What would stop it (no sender set, no address) is said before Send is pressed.
 */
export function ComposeEmailModal({ target, onClose }: { target: ComposeTarget | null; onClose: () => void }) {
  const kind = target?.kind ?? 'pdf';
  const draft = useEmailDraft(target?.id ?? null, kind);
  const send = useSendInvoice(kind);
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof Fields, string>>>({});
  const [error, setError] = useState<string | null>(null);

  // Each time the dialog opens on a draft, the fields start from it.
  useEffect(() => {
    if (!draft.data) return;
    const { to, cc, subject, message } = draft.data;
    setFields({ to, cc, subject, message });
    setErrors({});
    setError(null);
  }, [draft.data]);

  // The dialog opens while its draft loads, with the focus on ×; once the fields are there, To takes it
  // (once an opening): the address to check or type, and Enter in it sends.
  const to = useRef<HTMLInputElement>(null);
  const focused = useRef(false);
  useEffect(() => {
    if (!target) focused.current = false;
    else if (draft.data && !focused.current) {
      focused.current = true;
      to.current?.focus();
    }
  }, [target, draft.data]);

  const set = <K extends keyof Fields>(key: K, value: Fields[K]) => {
    setFields((f) => ({ ...f, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!target) return;
    const email = { ...fields, to: fields.to.trim() };
    const parsed = emailOptions.safeParse(email);
    const fieldErrors: Partial<Record<keyof Fields, string>> = {};
    if (!email.to) fieldErrors.to = 'Type the address to send it to';
    for (const issue of parsed.success ? [] : parsed.error.issues) {
      const key = issue.path[0] as keyof Fields;
      fieldErrors[key] ??= key === 'cc' && issue.path.length > 1 ? badCopy(email.cc, issue.path[1]) : issue.message;
    }
    if (Object.keys(fieldErrors).length > 0) {
      setErrors(fieldErrors);
      return;
    }
    setError(null);
    try {
      showSendResult(await send.mutateAsync({ id: target.id, email }));
      onClose();
    } catch (e) {
      const field = e instanceof ApiError ? (e.field?.split('.')[0] as keyof Fields | undefined) : undefined;
      if (e instanceof ApiError && field && field in EMPTY) setErrors({ [field]: e.fieldMessage });
      else setError(errorMessage(e));
    }
  }

  const what = kind === 'pdf' ? 'invoice' : 'EDI files';
  const title = `E-mail ${what}${target?.invoiceNo ? ` · ${target.invoiceNo}` : ''}`;
  const warning = draft.data?.warning ?? '';
  const localSender = warning.startsWith("Set the sender's");

  return (
    <FormDialog
      opened={target !== null}
      onClose={onClose}
      title={title}
      size="lg"
      onSubmit={submit}
      error={error ?? (draft.error ? errorMessage(draft.error) : null)}
      submitLabel="Send"
      submitting={send.isPending}
      disabled={!draft.data || localSender}
    >
      {draft.isPending && target ? (
        <Group gap="sm" py="md">
          <Loader size="sm" aria-label="Loading the e-mail" />
          <Text fz="sm">Preparing the e-mail…</Text>
        </Group>
      ) : draft.data ? (
        <Stack gap="sm">
          {warning && (
            <Alert color="yellow" title={localSender ? 'No sender address' : 'No recipient'} role="status">
              {warning}{' '}
              {localSender && (
                <Anchor component={Link} to="/settings" fz="sm">
                  Open Settings
                </Anchor>
              )}
            </Alert>
          )}
          <Text fz="sm" c="dimmed">
            From {draft.data.from}
          </Text>
          <TextInput
            label="To"
            type="email"
            required
            autoComplete="off"
            data-autofocus
            ref={to}
            value={fields.to}
            error={errors.to}
            onChange={(e) => set('to', e.currentTarget.value)}
          />
          <TagsInput
            label="Cc"
            description={`Up to ${EMAIL_BOUNDS.cc} addresses; Enter or a comma after each`}
            splitChars={[',', ' ', ';']}
            maxTags={EMAIL_BOUNDS.cc}
            value={fields.cc}
            error={errors.cc}
            onChange={(cc) => set('cc', addressTags(cc))}
          />
          <TextInput
            label="Subject"
            required
            maxLength={EMAIL_BOUNDS.subject}
            value={fields.subject}
            error={errors.subject}
            onChange={(e) => set('subject', e.currentTarget.value)}
          />
          <Textarea
            label="Message"
            description={`Placeholders such as ${PLACEHOLDER_HINT} are filled in when it is sent`}
            autosize
            minRows={6}
            maxRows={14}
            maxLength={EMAIL_BOUNDS.message}
            value={fields.message}
            error={errors.message}
            onChange={(e) => set('message', e.currentTarget.value)}
          />
          <div>
            <Text fz="sm" fw={500}>
              Attached
            </Text>
            <Text fz="sm" data-testid="email-attachments">
              {draft.data.attachments.join(', ')}
            </Text>
          </div>
        </Stack>
      ) : null}
    </FormDialog>
  );
}
