import { type ListFilter, type NumberBlock, ROUTE_MESSAGES, todayIn } from '@wd/contracts';
import type { Tx } from '../../db/client.js';
import type { AppContext, AuthUser } from '../../lib/context.js';
import { ConflictError, ForbiddenError, NotFoundError } from '../../lib/errors.js';
import { pageResponse } from '../../lib/list.js';
import { type BlockRow, numberBlocksRepository as blocks } from './number-blocks.repository.js';

/**
 * Blocks of invoice numbers reserved for a driver's device: taken from the invoice sequence, so
 * a device offline all day prints numbers no other device or clerk will use.
 */
function toBlock(row: BlockRow, used: number[]): NumberBlock {
  return {
    ...row,
    used,
    createdAt: row.createdAt.toISOString(),
    releasedAt: row.releasedAt ? row.releasedAt.toISOString() : null,
  };
}

/** Below this many unused numbers, a device's reservation takes a new block. */
const LOW_WATER = 10;

export function createNumberBlocksService({ db, config }: AppContext) {
  const today = () => todayIn(config.timeZone);

  /**
   * The device's numbers for today: its newest open block of today while that has numbers
   * left, else a new block of `count` numbers taken from the invoice sequence.
   */
  async function reserveIn(tx: Tx, deviceID: string, count: number, user: AuthUser): Promise<NumberBlock> {
    const day = today();
    const [open] = await blocks.openBlocks(tx, deviceID, user.id, day);
    if (open) {
      const used = (await blocks.usedNumbers(tx, [open.id])).get(open.id) ?? [];
      if (open.numbers.length - used.length >= Math.min(LOW_WATER, count)) return toBlock(open, used);
    }
    const numbers = await blocks.takeNumbers(tx, count);
    const id = await blocks.insert(tx, { userId: user.id, deviceId: deviceID, day, numbers });
    return toBlock((await blocks.find(tx, id))!, []);
  }

  return {
    reserveIn,

    reserve(deviceID: string, count: number, user: AuthUser): Promise<NumberBlock> {
      return db.transaction((tx) => reserveIn(tx, deviceID, count, user));
    },

    /** Closes a block: its unused numbers are void from now on. */
    async release(id: number, user: AuthUser) {
      return db.transaction(async (tx) => {
        const block = await blocks.find(tx, id, true);
        if (!block) throw new NotFoundError(ROUTE_MESSAGES.blockNotFound);
        if (block.userID !== user.id && user.type !== 'admin') throw new ForbiddenError(ROUTE_MESSAGES.notYourBlock);
        if (block.releasedAt) throw new ConflictError(ROUTE_MESSAGES.alreadyReleased);
        const used = (await blocks.usedNumbers(tx, [id])).get(id) ?? [];
        await blocks.release(tx, id);
        return { message: ROUTE_MESSAGES.released(block.numbers.length - used.length) };
      });
    },

    async list(filter: ListFilter) {
      const { rows, totalRows } = await blocks.list(db, filter);
      const used = await blocks.usedNumbers(
        db,
        rows.map((r) => r.id),
      );
      return pageResponse(
        'blocks',
        rows.map((r) => toBlock(r, used.get(r.id) ?? [])),
        filter,
        totalRows,
      );
    },

    /** End of day: closes the blocks of days before today. */
    releasePast() {
      return db.transaction((tx) => blocks.releaseBefore(tx, today()));
    },
  };
}
