import { Alert, Button } from '@mantine/core';
import {
  callRoutes,
  DEFAULT_PRICE_GROUP_ID,
  PRICE_GROUP_ITEM_SCREEN,
  PRICE_GROUP_MESSAGES,
  type PriceGroupItem,
} from '@wd/contracts';
import { useEffect, useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { confirm } from '../../../components/confirm';
import { ListPage } from '../../../components/list/ListPage';
import { deleteAction } from '../../../components/list/row-actions';
import { specColumns } from '../../../components/spec-columns';
import { showAlert, showSuccess } from '../../../lib/alert';
import { errorMessage } from '../../../lib/api-client';
import { useIdParam } from '../../../lib/route-params';
import { groupItems, useAddAllProducts, useDeletePriceGroupItems, usePriceGroup } from '../api';

const { priceGroupCalls } = callRoutes;

/** The items of a customer price group, and the ways to add them. */
export default function PriceGroupItemsPage() {
  const id = useIdParam() ?? 0;
  const navigate = useNavigate();
  const group = usePriceGroup(id);
  const items = useMemo(() => groupItems(id), [id]);
  const addAllProducts = useAddAllProducts();
  const deleteItems = useDeletePriceGroupItems();
  const isDefault = id <= DEFAULT_PRICE_GROUP_ID;
  useEffect(() => {
    if (group.isError) {
      showAlert(errorMessage(group.error));
      navigate('/priceGroups', { replace: true });
    }
  }, [group.isError, group.error, navigate]);

  const addAll = async () => {
    if (!(await confirm({ title: 'Add every product not yet in this group, at its own prices?', danger: false })))
      return;
    try {
      const result = await addAllProducts.mutateAsync(id);
      showSuccess(result.message);
    } catch {
      showAlert('There has been an error');
    }
  };

  const actions = isDefault ? null : (
    <>
      <Button variant="light" component={Link} to={`/priceGroups/${id}/new/productGroup`}>
        Add by Product Group
      </Button>
      <Button variant="light" component={Link} to={`/priceGroups/edit/productGroup/${id}`}>
        Edit by Product Group
      </Button>
      <Button variant="light" onClick={addAll}>
        Add All Products
      </Button>
      <Button variant="default" component={Link} to={`/priceGroups/edit/${id}`}>
        Rename
      </Button>
    </>
  );

  return (
    <ListPage<PriceGroupItem>
      title={group.data?.name ?? 'Customer Price Group'}
      source={items}
      header={{
        backTo: '/priceGroups',
        addNewTo: isDefault ? undefined : `/priceGroups/${id}/add`,
        actions,
        exportCsv: priceGroupCalls.exportItems,
        exportParams: { id },
      }}
      intro={
        isDefault ? (
          <Alert color="blue">
            Customers in the default group pay each product's own selling price. {PRICE_GROUP_MESSAGES.cantEdit}.
          </Alert>
        ) : undefined
      }
      emptyText={isDefault ? 'The default group has no items' : 'No products priced in this group yet'}
      columns={specColumns<PriceGroupItem>(PRICE_GROUP_ITEM_SCREEN)}
      rowActions={(item) => [
        { label: 'Edit', to: `/priceGroups/${id}/edit/${item.id}` },
        deleteAction(item.productName, () => deleteItems.mutateAsync([item.id])),
      ]}
      bulkActions={
        isDefault
          ? undefined
          : [
              {
                label: 'Delete selected',
                confirm: { title: 'Are you sure you want to delete?' },
                run: (ids) => deleteItems.mutateAsync(ids),
              },
            ]
      }
    />
  );
}
