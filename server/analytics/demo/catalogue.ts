import type { MenuName, PersonRole, PurchaseCategory } from '../../db/database.js';

// The demo franchises' menu, suppliers, delivery sizes, pay rates and names: data only.

export type MenuItemSeed = { sku: string; name: string; priceCents: number; menu: MenuName; isCombo: boolean; costCents: number };

const CATALOGUE: [sku: string, name: string, priceCents: number, menu: MenuName, isCombo?: true][] = [
  ['BRK-001', 'Smashed Avo on Sourdough', 1850, 'Lunch'],
  ['BRK-002', 'Big Brekkie', 2400, 'Lunch'],
  ['LUN-001', 'Chicken Caesar Salad', 1950, 'Lunch'],
  ['LUN-002', 'Wagyu Beef Burger', 2300, 'Lunch'],
  ['LUN-003', 'Fish Tacos', 2100, 'Lunch'],
  ['LUN-004', 'Pumpkin & Feta Salad', 1750, 'Lunch'],
  ['LUN-005', 'Burger, Chips & Drink', 2790, 'Lunch', true],
  ['LUN-006', 'Wrap & Smoothie Deal', 2290, 'Lunch', true],
  ['DIN-001', 'Barramundi with Greens', 3400, 'Dinner'],
  ['DIN-002', 'Lamb Shoulder', 3800, 'Dinner'],
  ['DIN-003', 'Scotch Fillet 300g', 4600, 'Dinner'],
  ['DIN-004', 'Mushroom Risotto', 2800, 'Dinner'],
  ['DIN-005', 'Pappardelle Ragu', 2900, 'Dinner'],
  ['DIN-006', 'Steak & Wine Dinner for Two', 8900, 'Dinner', true],
  ['DIN-007', 'Family Pasta Feast', 6900, 'Dinner', true],
  ['ALL-001', 'Salt & Pepper Calamari', 1900, 'All Day'],
  ['ALL-002', 'Margherita Pizza', 2200, 'All Day'],
  ['ALL-003', 'Fish & Chips', 2500, 'All Day'],
  ['ALL-004', 'Chicken Schnitzel', 2700, 'All Day'],
  ['ALL-005', 'Hand-cut Chips', 900, 'All Day'],
  ['ALL-006', 'Garden Salad', 1100, 'All Day'],
  ['ALL-007', 'Flat White', 480, 'All Day'],
  ['ALL-008', 'Fresh Orange Juice', 750, 'All Day'],
  ['ALL-009', 'Sticky Date Pudding', 1400, 'All Day'],
  ['ALL-010', 'Pizza & Pint Combo', 3100, 'All Day', true],
];

export const DEMO_MENU: MenuItemSeed[] = CATALOGUE.map(([sku, name, priceCents, menu, isCombo], i) => ({
  sku,
  name,
  priceCents,
  menu,
  isCombo: isCombo ?? false,
  // Food cost between 28 % and 35 % of the price, as restaurants aim for; varied so menu engineering has all four classes.
  costCents: Math.round((priceCents * (28 + ((i * 5) % 8))) / 100),
}));

/** Suppliers and the categories each delivers; a category with two suppliers alternates weekly. */
export const DEMO_SUPPLIERS: [name: string, categories: PurchaseCategory[]][] = [
  ['Harbourside Fresh Produce', ['vegetables', 'fruits']],
  ['Greenleaf Growers', ['vegetables']],
  ['Riverina Meats', ['meat']],
  ['Bay Seafood Co', ['seafood']],
  ['Southern Dairy', ['dairy']],
  ['Golden Crust Bakery', ['bakery']],
  ['Pantry Wholesale', ['grains', 'snacks', 'condiments']],
  ['Outback Beverages', ['beverages']],
];

/** Typical delivery per category for a 100-seat restaurant: quantity (units) and unit price in cents. */
export const DELIVERY: Record<PurchaseCategory, [quantity: number, unitCents: number]> = {
  vegetables: [120, 320],
  meat: [60, 1650],
  dairy: [80, 280],
  bakery: [70, 450],
  seafood: [35, 2400],
  beverages: [150, 210],
  fruits: [90, 260],
  grains: [50, 380],
  snacks: [40, 300],
  condiments: [25, 520],
};

export const HOURLY_RATE: Record<PersonRole, number> = { Manager: 4250, Chef: 3600, Waiter: 2850 };

export const FIRST_NAMES = [
  'Alex',
  'Sam',
  'Jordan',
  'Taylor',
  'Chris',
  'Jamie',
  'Morgan',
  'Riley',
  'Casey',
  'Drew',
  'Harper',
  'Quinn',
  'Avery',
  'Blake',
];
export const LAST_NAMES = [
  'Nguyen',
  'Smith',
  'Brown',
  'Wilson',
  'Taylor',
  'Anderson',
  'Martin',
  'Thompson',
  'Walker',
  'Khan',
  'Rossi',
  'Park',
  'Murphy',
];
