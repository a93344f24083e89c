import type { ImportKind } from '@wd/contracts';
import { AdminLinkButton } from '../../components/AdminLinkButton';

/** Import on the products and customers lists: the CSV import screen (admins only, docs/import.md). */
export function ImportButton({ kind }: { kind: ImportKind }) {
  return <AdminLinkButton to={`/import/${kind}`}>Import</AdminLinkButton>;
}
