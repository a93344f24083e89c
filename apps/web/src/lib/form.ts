import { schemaResolver, type UseFormReturnType, useForm } from '@mantine/form';
import { useState } from 'react';
import { ApiError, errorMessage } from './api-client';

/** A contract's zod schema, as Mantine's resolver takes it. */
type Schema = Parameters<typeof schemaResolver>[0];

/** "must be at least 8 characters" → "Must be at least 8 characters" (shown under a labelled field). */
export function sentence(message: string): string {
  return message ? message[0].toUpperCase() + message.slice(1) : message;
}

/** The contract's errors of a body, by field, as sentences ({} when the server would take it). */
export function schemaErrors(schema: Schema, body: unknown): Record<string, string> {
  const errors = schemaResolver(schema, { sync: true })(body as never);
  return Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, sentence(String(v))]));
}

interface ContractFormOptions<V extends Record<string, unknown>, B> {
  initialValues: V;
  /** The contract's schema of the body the form sends. */
  schema: Schema;
  /** The form's values → the body (trimmed texts, numbers from inputs); the values are the body when absent. */
  toBody?: (values: V) => B;
}

/**
 * The one way to write a form (records, modals, sign-in): Mantine's form over the values its
 * fields hold, validated by the contract's schema applied to the body it sends, so the browser
 * refuses exactly what the server would, with the server's words. A field error the server still
 * answers lands on its field (RecordForm, submitForm).
 */
export function useContractForm<V extends Record<string, unknown>, B = V>(
  o: ContractFormOptions<V, B>,
): UseFormReturnType<V> & { body(): B; valid(): boolean } {
  const toBody = o.toBody ?? ((v: V) => v as unknown as B);
  const form = useForm<V>({ initialValues: o.initialValues, validate: (v) => schemaErrors(o.schema, toBody(v as V)) });
  return Object.assign(form, {
    /** The body of the values as they are now. */
    body: () => toBody(form.getValues()),
    /** Whether the values as they are now would be taken (for a button that waits for them). */
    valid: () => Object.keys(schemaErrors(o.schema, toBody(form.getValues()))).length === 0,
  });
}

/**
 * A form's submit: the contract's validation first (the fields show its errors), then `send`;
 * a field error the server answers lands on its field, any other error is `error` (shown above
 * the buttons). `busy` while it runs.
 */
export function useFormSubmit<V extends Record<string, unknown>>(
  form: UseFormReturnType<V>,
  send: (values: V) => Promise<unknown>,
) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const onSubmit = form.onSubmit(async (values) => {
    setError(null);
    setBusy(true);
    try {
      await send(values as V);
    } catch (e) {
      if (e instanceof ApiError && e.field && e.field in form.getValues()) form.setFieldError(e.field, e.fieldMessage);
      else setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  });
  return { onSubmit, error, busy, clearError: () => setError(null) };
}
