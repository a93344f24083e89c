import { PRICE_GROUP_ITEM_CSV, priceGroupCalls } from '@wd/contracts';
import type { FastifyInstance } from 'fastify';
import { listCsv, sendCsv } from '../../lib/export.js';
import { registerCalls } from '../../lib/routes.js';
import { priceGroupsRepository } from './price-groups.repository.js';
import { createPriceGroupsService } from './price-groups.service.js';

export async function priceGroupsRoutes(app: FastifyInstance) {
  const service = createPriceGroupsService(app.ctx);
  registerCalls(app, priceGroupCalls, {
    list: ({ body }) => service.list(body),
    get: async ({ params }) => ({ priceGroup: await service.get(params.id) }),
    productGroups: ({ params, body }) => service.productGroups(params.id, body),
    item: async ({ params }) => ({ priceGroupItem: await service.item(params.id) }),
    create: async ({ body, user }) => ({ priceGroup: await service.create(body.name, user) }),
    addItem: async ({ body, user }) => ({ priceGroupItem: await service.addItem(body, user) }),
    addByProductGroup: ({ body, user }) => service.setByProductGroup(body, 'add', user),
    updateByProductGroup: ({ body, user }) => service.setByProductGroup(body, 'edit', user),
    addAllProducts: ({ body, user }) => service.addAllProducts(body.priceGroupID, user),
    rename: async ({ body, user }) => ({ priceGroup: await service.rename(body.id, body.name, user) }),
    updateItem: async ({ body, user }) => ({ priceGroupItem: await service.updateItem(body, user) }),
    deleteItem: ({ params, user }) => service.removeItems([params.id], user),
    deleteItems: ({ body, user }) => service.removeItems(body.ids, user),
    delete: ({ params, user }) => service.remove(params.id, user),
    items: ({ params, body }) => service.items(params.id, body),
    // An unknown group is a 404 (service.get), before the download starts.
    exportItems: async ({ params, body, reply }) => {
      await service.get(params.id);
      const query = priceGroupsRepository.itemsCsvQuery(app.ctx.db, params.id, body);
      return sendCsv(reply, await listCsv(app.ctx, `price-group-${params.id}-items`, query, PRICE_GROUP_ITEM_CSV));
    },
  });
}
