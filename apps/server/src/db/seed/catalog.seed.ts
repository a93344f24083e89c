import { gs1CheckDigit, roundHalfAwayFromZero } from '@wd/contracts';
import { inArray } from 'drizzle-orm';
import { priceGroupItems, priceGroups, productGroups, products } from '../schema/index.js';
import type { SeedArea } from './seed-area.js';

/** What a convenience-store distributor carries: brands, sizes and a cost range in cents. */
const CATALOG: { category: string; brands: string[]; items: string[]; cost: [number, number]; pack: number[] }[] = [
  {
    category: 'Beverages',
    brands: ['Coca-Cola', 'Pepsi', 'Dr Pepper', 'Sprite', 'Mountain Dew', 'Gatorade', 'Arizona', 'Snapple'],
    items: ['20oz Bottle', '12oz Can', '2L Bottle', '16.9oz Bottle', '1L Bottle'],
    cost: [45, 180],
    pack: [24, 12, 8],
  },
  {
    category: 'Energy Drinks',
    brands: ['Red Bull', 'Monster Energy', 'Rockstar', 'Bang', 'Celsius', '5-Hour Energy'],
    items: ['8.4oz Can', '16oz Can', '12oz Can', 'Sugar Free 16oz', '1.93oz Shot'],
    cost: [95, 230],
    pack: [24, 12],
  },
  {
    category: 'Snacks',
    brands: ["Lay's", 'Doritos', 'Cheetos', 'Fritos', 'Ruffles', 'Takis', 'Pringles', 'Funyuns'],
    items: ['Classic 1oz', 'Nacho Cheese 1.75oz', 'Flamin Hot 2.5oz', 'Party Size 9.25oz', 'BBQ 2.625oz'],
    cost: [30, 320],
    pack: [64, 50, 24],
  },
  {
    category: 'Candy',
    brands: ['Snickers', "M&M's", "Reese's", 'Kit Kat', 'Twix', 'Skittles', 'Starburst', 'Hershey'],
    items: ['Single 1.86oz', 'King Size 3.29oz', 'Share Size 2.8oz', 'Peg Bag 5oz', 'Fun Size 10ct'],
    cost: [55, 260],
    pack: [48, 36, 24, 18],
  },
  {
    category: 'Gum & Mints',
    brands: ['Trident', 'Extra', 'Orbit', 'Altoids', 'Ice Breakers', 'Tic Tac'],
    items: ['Spearmint 14pc', 'Peppermint 15pc', 'Wintergreen Tin', 'Cube 40pc', 'Fresh Mint 1oz'],
    cost: [60, 210],
    pack: [12, 8, 6],
  },
  {
    category: 'Health & Beauty',
    brands: ['Advil', 'Tylenol', 'Tums', 'Pepto-Bismol', 'Chapstick', 'Alka-Seltzer'],
    items: ['2ct Packet', '24ct Bottle', 'Original 8ct', 'Travel Size', 'Cherry Stick'],
    cost: [40, 520],
    pack: [50, 24, 12],
  },
  {
    category: 'Tobacco Accessories',
    brands: ['BIC', 'Clipper', 'Zig-Zag', 'RAW', 'Scripto'],
    items: ['Classic Lighter', 'Mini Lighter', 'Rolling Papers', 'Cones 6pk', 'Utility Lighter'],
    cost: [25, 310],
    pack: [50, 24, 12],
  },
  {
    category: 'Grocery',
    brands: ['Maruchan', 'Nissin', 'Campbell', 'Kraft', 'Jif', 'Quaker'],
    items: ['Ramen Chicken 3oz', 'Cup Noodles Beef', 'Chicken Noodle 10.75oz', 'Mac & Cheese 7.25oz', 'Creamy 16oz'],
    cost: [25, 420],
    pack: [24, 12],
  },
  {
    category: 'Automotive',
    brands: ['Pennzoil', 'Prestone', 'STP', 'Rain-X', 'Armor All'],
    items: ['5W-30 1qt', 'Antifreeze 1gal', 'Fuel Treatment 5.25oz', 'Washer Fluid 1gal', 'Tire Shine 10oz'],
    cost: [180, 1450],
    pack: [12, 6],
  },
];

const VARIANTS = ['', ' Multipack', ' Variety Pack', ' Club Pack'];

/** A UPC-A with a realistic manufacturer prefix and a correct check digit. */
function upc(prefix: string, item: number): string {
  const body = `0${prefix}${String(item).padStart(5, '0')}`.slice(0, 11);
  return body + gs1CheckDigit(body);
}

const priceOver = (cents: number, margin: number) => roundHalfAwayFromZero(cents / (1 - margin / 100));

export const seedCatalog: SeedArea = async ({ db, random, scale }) => {
  const rows: (typeof products.$inferInsert)[] = [];
  const perBrand = Math.max(1, Math.round(3 * scale));
  // A large distributor (benchmark scales) carries each item in several packs: ~1,150 products.
  const variants = scale >= 10 ? VARIANTS : [''];
  const used = new Set<string>();
  let itemNo = 10;
  for (const group of CATALOG) {
    for (const brand of group.brands) {
      const prefix = String(random.int(10000, 99999));
      const sizes = [...group.items].sort(() => random.next() - 0.5).slice(0, Math.min(group.items.length, perBrand));
      for (const size of sizes) {
        for (const variant of variants) {
          itemNo += random.int(1, 40);
          const barcode = upc(prefix, itemNo);
          if (used.has(barcode)) continue;
          used.add(barcode);
          const cost = random.int(group.cost[0], group.cost[1]);
          const selling = priceOver(cost, random.int(18, 30));
          const unitQuantity = random.pick(group.pack);
          rows.push({
            name: `${brand} ${size}${variant}`,
            unitQuantity,
            barcodeSymbology: 'upca',
            barcode,
            boxBarcode: random.chance(0.4) ? `1${barcode.slice(0, 12)}` : '',
            category: group.category,
            costPrice: cost,
            sellingPrice: selling,
            suggestedRetailPrice: priceOver(selling, random.pick([35, 40, 42, 45])),
          });
        }
      }
    }
  }
  // Multi-row inserts in chunks: far faster than one row at a time.
  const inserted: { id: number; name: string; category: string; sellingPrice: number; suggestedRetailPrice: number }[] =
    [];
  for (let i = 0; i < rows.length; i += 500) {
    inserted.push(
      ...(await db
        .insert(products)
        .values(rows.slice(i, i + 500))
        .returning({
          id: products.id,
          name: products.name,
          category: products.category,
          sellingPrice: products.sellingPrice,
          suggestedRetailPrice: products.suggestedRetailPrice,
        })),
    );
  }

  // Product price groups: products sold at one price whatever the flavour.
  const groupDefs = [
    { name: 'Chips 1oz', match: /1oz$/, cost: 32, selling: 42, srp: 69 },
    { name: 'King Size Candy', match: /King Size/, cost: 145, selling: 185, srp: 299 },
    { name: 'Energy 16oz', match: /16oz Can$/, cost: 185, selling: 235, srp: 379 },
    { name: 'Lighters', match: /Lighter$/, cost: 62, selling: 85, srp: 149 },
  ];
  for (const def of groupDefs) {
    const [group] = await db
      .insert(productGroups)
      .values({ name: def.name, costPrice: def.cost, sellingPrice: def.selling, suggestedRetailPrice: def.srp })
      .returning({ id: productGroups.id });
    const members = inserted.filter((p) => def.match.test(p.name)).map((p) => p.id);
    if (members.length === 0) continue;
    await db
      .update(products)
      .set({ productGroupId: group.id, costPrice: def.cost, sellingPrice: def.selling, suggestedRetailPrice: def.srp })
      .where(inArray(products.id, members));
  }

  // Customer price groups beside the default one, each with its own prices for part of the catalog.
  const accounts = [
    { name: 'Gas Stations', discount: 3, share: 0.5 },
    { name: 'Independent C-Stores', discount: 5, share: 0.35 },
    { name: 'Chain Accounts', discount: 8, share: 0.25 },
  ];
  for (const account of accounts) {
    const [group] = await db.insert(priceGroups).values({ name: account.name }).returning({ id: priceGroups.id });
    const items = inserted
      .filter(() => random.chance(account.share))
      .map((p) => ({
        priceGroupId: group.id,
        productId: p.id,
        price: roundHalfAwayFromZero(p.sellingPrice * (1 - account.discount / 100)),
        suggestedRetailPrice: p.suggestedRetailPrice,
      }));
    for (let i = 0; i < items.length; i += 500) await db.insert(priceGroupItems).values(items.slice(i, i + 500));
  }
};
