import { barcodeImagePath, type ListFilter, MESSAGES, PRODUCT_MESSAGES } from '@wd/contracts';
import type { AppContext } from '../../lib/context.js';
import { NotFoundError, ValidationError } from '../../lib/errors.js';
import { pageResponse } from '../../lib/list.js';
import { productsRepository } from '../products/products.repository.js';
import { barcodePng } from './barcode-image.js';
import { barcodesRepository as repo } from './barcodes.repository.js';

const ITEM_NOT_FOUND = 'This barcode label is not in your list';

export function createBarcodesService({ db }: AppContext) {
  const image = async (barcode: string) => {
    const symbology = await repo.symbologyOf(db, barcode);
    try {
      return await barcodePng(barcode, symbology);
    } catch (error) {
      throw new ValidationError(
        `This barcode can not be encoded: ${(error as Error).message.replace(/^bwipp\.\w+#\d+: /, '')}`,
        'barcode',
      );
    }
  };

  return {
    image,

    async generate(barcode: string) {
      await image(barcode);
      return { barcode: barcodeImagePath(barcode) };
    },

    /** The whole list on one page, whatever the filter's paging says. */
    async list(userId: number, filter: ListFilter) {
      const { rows, totalRows } = await repo.list(db, userId, filter.sortingList);
      return pageResponse('barcodeItems', rows, { currentPage: 1, resultsPerPage: Math.max(1, totalRows) }, totalRows);
    },

    async add(userId: number, productId: number, quantity: number) {
      if (!(await productsRepository.findById(db, productId))) throw new NotFoundError(PRODUCT_MESSAGES.notFound);
      const id = await repo.add(db, userId, productId, quantity);
      return (await repo.find(db, userId, id))!;
    },

    async update(userId: number, id: number, quantity: number) {
      if (!(await repo.setQuantity(db, userId, id, quantity))) throw new NotFoundError(ITEM_NOT_FOUND);
      return (await repo.find(db, userId, id))!;
    },

    async remove(userId: number, id: number) {
      if (!(await repo.remove(db, userId, id))) throw new NotFoundError(ITEM_NOT_FOUND);
      return { message: MESSAGES.deleted };
    },

    async clear(userId: number) {
      await repo.clear(db, userId);
      return { message: MESSAGES.deleted };
    },
  };
}
