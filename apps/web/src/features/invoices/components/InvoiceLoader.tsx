import { Group, Loader } from '@mantine/core';

/** Shown while an invoice loads. */
export const InvoiceLoader = () => (
  <Group justify="center" py="xl">
    <Loader aria-label="Loading" />
  </Group>
);
