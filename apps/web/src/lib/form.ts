import { schemaResolver } from '@mantine/form';

/** "must be at least 8 characters" → "Must be at least 8 characters" (shown under a labelled field). */
export function sentence(message: string): string {
  return message ? message[0].toUpperCase() + message.slice(1) : message;
}

/** Mantine form validation from a contract's zod schema, with messages as sentences. */
export function zodValidate(schema: Parameters<typeof schemaResolver>[0]) {
  const resolve = schemaResolver(schema, { sync: true });
  return (values: unknown) =>
    Object.fromEntries(Object.entries(resolve(values)).map(([k, v]) => [k, typeof v === 'string' ? sentence(v) : v]));
}
