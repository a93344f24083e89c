import { addDays } from '@wd/contracts';
import { eq, sql } from 'drizzle-orm';
import { billers, customers, expenses, priceGroups, suppliers } from '../schema/index.js';
import type { SeedArea } from './seed-area.js';

const CITIES = [
  ['Dallas', 'TX', '752'],
  ['Fort Worth', 'TX', '761'],
  ['Plano', 'TX', '750'],
  ['Arlington', 'TX', '760'],
  ['Irving', 'TX', '750'],
  ['Garland', 'TX', '750'],
  ['Denton', 'TX', '762'],
  ['Shreveport', 'LA', '711'],
  ['Oklahoma City', 'OK', '731'],
] as const;
const STORE_WORDS = [
  'Quick Stop',
  'Corner Mart',
  'Express Mart',
  'Food Mart',
  'Fuel Stop',
  'Mini Mart',
  'Grab N Go',
  'Star Mart',
  'Sunrise',
  'Lucky',
];
const OWNERS = [
  'Raj Patel',
  'Maria Lopez',
  'Tuan Nguyen',
  'Ahmed Ali',
  'Sarah Kim',
  'James Carter',
  'Priya Shah',
  'Luis Ortega',
  'Hana Yoon',
  'Omar Haddad',
];
const STREETS = [
  'Main St',
  'Elm St',
  'Commerce St',
  'Belt Line Rd',
  'Preston Rd',
  'Camp Bowie Blvd',
  'Jupiter Rd',
  'Loop 12',
];
const EXPENSES = [
  { expense: 'Diesel fuel', category: 'Truck', range: [180, 420] },
  { expense: 'Warehouse rent', category: 'Rent', range: [3200, 3200] },
  { expense: 'Truck maintenance', category: 'Truck', range: [90, 1400] },
  { expense: 'Electricity', category: 'Utilities', range: [380, 760] },
  { expense: 'Pallets and shrink wrap', category: 'Supplies', range: [60, 240] },
  { expense: 'Driver meals', category: 'Payroll', range: [20, 90] },
  { expense: 'Insurance', category: 'Insurance', range: [850, 850] },
];

const phone = (n: number) => `(214) 555-${String(1000 + n).slice(-4)}`;

export const seedParties: SeedArea = async ({ db, random, scale, today, spanDays }) => {
  // The two default billers: the house (invoices) and consignment, at one address.
  const house = {
    name: 'Daniel Reyes',
    address: '2200 Irving Blvd',
    city: 'Dallas',
    state: 'TX',
    postalCode: '75207',
    country: 'USA',
  };
  await db
    .update(billers)
    .set({
      ...house,
      company: 'Lone Star Wholesale',
      phone: '(214) 555-0100',
      email: 'orders@lonestarwholesale.example',
    })
    .where(eq(billers.id, 1));
  await db
    .update(billers)
    .set({
      ...house,
      company: 'Lone Star Consignment',
      phone: '(214) 555-0101',
      email: 'consign@lonestarwholesale.example',
    })
    .where(eq(billers.id, 2));
  await db.insert(billers).values({
    company: 'Metroplex Snacks LLC',
    name: 'Karen Wu',
    city: 'Fort Worth',
    state: 'TX',
    postalCode: '76102',
    country: 'USA',
    phone: '(817) 555-0140',
  });

  const groups = (await db.select({ id: priceGroups.id }).from(priceGroups).orderBy(priceGroups.id)).map((g) => g.id);
  const count = Math.round(40 * scale);
  const rows: (typeof customers.$inferInsert)[] = [];
  for (let i = 0; i < count; i++) {
    const [city, state, zip] = random.pick(CITIES);
    const verifiedDaysAgo = random.chance(0.15) ? null : random.chance(0.2) ? random.int(366, 800) : random.int(5, 360);
    rows.push({
      company: `${random.pick(STORE_WORDS)} #${100 + i}`,
      name: random.pick(OWNERS),
      address: `${random.int(100, 9800)} ${random.pick(STREETS)}`,
      city,
      state,
      postalCode: `${zip}${String(random.int(1, 99)).padStart(2, '0')}`,
      country: 'USA',
      phone: phone(i + 10),
      email: `store${100 + i}@example.com`,
      awardPoints: random.int(0, 25) * 10,
      taxPermitNumber: String(random.int(10000000, 99999999)) + String(random.int(100, 999)),
      priceGroupId: random.chance(0.4) ? 1 : random.pick(groups),
      dateLastVerified: verifiedDaysAgo === null ? null : addDays(today, -verifiedDaysAgo),
    });
  }
  // Chunks: one insert of every customer overflows the call stack and the 65,535-parameter limit.
  for (let i = 0; i < rows.length; i += 1000) await db.insert(customers).values(rows.slice(i, i + 1000));

  await db.insert(suppliers).values([
    {
      company: 'Core-Mark',
      email: 'orders@core-mark.example',
      phone: '(800) 555-0199',
      address: '395 Oyster Point Blvd, South San Francisco, CA',
    },
    {
      company: 'McLane Company',
      email: 'sales@mclane.example',
      phone: '(254) 555-0110',
      address: '4747 McLane Pkwy, Temple, TX',
    },
    {
      company: 'Eby-Brown',
      email: 'orders@ebybrown.example',
      phone: '(630) 555-0177',
      address: '1415 W Diehl Rd, Naperville, IL',
    },
    {
      company: 'Coca-Cola Southwest Beverages',
      email: 'dsd@ccswb.example',
      phone: '(972) 555-0123',
      address: '14185 Dallas Pkwy, Dallas, TX',
    },
    {
      company: 'Frito-Lay DSD',
      email: 'route@fritolay.example',
      phone: '(972) 555-0188',
      address: '7701 Legacy Dr, Plano, TX',
    },
  ]);

  const expenseRows: (typeof expenses.$inferInsert)[] = [];
  const months = Math.round(spanDays / 30.4);
  // The fleet grows slower than the sales: trucks and drivers by the square root of the scale.
  const fleet = Math.max(1, Math.round(3 * (scale <= 1 ? scale : Math.sqrt(scale))));
  for (let m = 0; m < months; m++) {
    for (const e of EXPENSES) {
      const times = e.category === 'Truck' || e.category === 'Payroll' ? fleet : 1;
      for (let k = 0; k < times; k++) {
        const [lo, hi] = e.range;
        expenseRows.push({
          reference: '',
          date: addDays(today, -(m * 30 + random.int(0, 28))),
          billerId: random.chance(0.7) ? 2 : 1,
          expense: e.expense,
          category: e.category,
          amount: random.int(lo * 100, hi * 100),
        });
      }
    }
  }
  expenseRows.sort((a, b) => String(a.date).localeCompare(String(b.date)));
  for (const row of expenseRows) {
    row.reference = sql`'EXP-' || lpad(nextval('expense_reference_seq')::text, 6, '0')` as unknown as string;
  }
  for (let i = 0; i < expenseRows.length; i += 500) await db.insert(expenses).values(expenseRows.slice(i, i + 500));
};
