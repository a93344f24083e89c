import { Checkbox } from '@mantine/core';
import type { ListParamsApi, ListParamsOptions } from '../../../lib/list-params';

/**
 * The customer list's "Over their limit" filter (docs/receivables.md, "Credit limit"): `overLimit=1`
 * in the URL, sent as `overLimit: true`; the server filters in SQL.
 */
export const overLimitParams: ListParamsOptions = {
  extraDefaults: { overLimit: '' },
  mapExtra: (e) => (e.overLimit === '1' ? { overLimit: true } : {}),
};

export function OverLimitFilter({ p }: { p: ListParamsApi }) {
  return (
    <Checkbox
      label="Over their credit limit"
      checked={p.extra.overLimit === '1'}
      onChange={(e) => p.setExtra({ overLimit: e.currentTarget.checked ? '1' : '' })}
      style={{ alignSelf: 'flex-end' }}
      mb={8}
    />
  );
}
