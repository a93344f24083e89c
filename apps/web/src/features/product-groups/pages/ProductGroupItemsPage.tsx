import type { Product } from '@wd/contracts';
import { useEffect, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { ListPage } from '../../../components/list/ListPage';
import { deleteAction } from '../../../components/list/row-actions';
import { showAlert } from '../../../lib/alert';
import { errorMessage } from '../../../lib/api-client';
import { useIdParam } from '../../../lib/route-params';
import { productColumns } from '../../products/components/productColumns';
import { groupMembers, useProductGroup, useRemoveProductFromGroup } from '../api';

/** The products of a product price group. */
export default function ProductGroupItemsPage() {
  const id = useIdParam() ?? 0;
  const navigate = useNavigate();
  const group = useProductGroup(id);
  const remove = useRemoveProductFromGroup();
  const members = useMemo(() => groupMembers(id), [id]);
  useEffect(() => {
    if (group.isError) {
      showAlert(errorMessage(group.error));
      navigate('/productGroups', { replace: true });
    }
  }, [group.isError, group.error, navigate]);
  return (
    <ListPage<Product>
      title={group.data?.name ?? 'Price Group'}
      source={members}
      emptyText="No products in this group yet"
      columns={productColumns}
      rowActions={(p) => [
        { label: 'View', to: `/products/${p.id}` },
        deleteAction(`${p.name} leaves the group and keeps its prices.`, () => remove.mutateAsync(p.id)),
      ]}
      header={{ addNewTo: `/productGroups/${id}/add`, backTo: '/productGroups' }}
    />
  );
}
