import type { DeviceFlagKind, DeviceFlagState } from '@wd/contracts';

/** Each kind of flag as the office reads it. */
export const DEVICE_FLAG_KIND_LABELS: Record<DeviceFlagKind, string> = {
  price: 'Price differs',
  deletedProduct: 'Deleted product',
  deletedCustomer: 'Deleted customer',
  creditLimit: 'Over credit limit',
  total: 'Total differs',
  releasedBlock: 'Released number block',
  refused: 'Refused by the server',
};

/** The State filter's choices. */
export const DEVICE_FLAG_STATE_OPTIONS: { value: DeviceFlagState; label: string }[] = [
  { value: 'open', label: 'Open' },
  { value: 'settled', label: 'Settled' },
  { value: 'all', label: 'All' },
];
