import type { Db, PersonRole, PersonStatus } from './database.js';
import { hashPassword } from '../auth/passwords.js';

export const DEMO_ACCOUNTS = [
  { email: 'owner@example.com', password: 'demo-password', franchise: 'Harbour Eats Group' },
  { email: 'rival@example.com', password: 'demo-password', franchise: 'Southern Cross Dining Co' },
] as const;

type RestaurantSeed = {
  name: string;
  suburb: string;
  city: string;
  state: string;
  post_code: string;
  address: string;
  status: 0 | 1;
  capacity: number;
  business_type: string;
  products: [product: string, plan: string][];
};

type FranchiseSeed = {
  name: string;
  owner: {
    email: string;
    name: string;
    phone: string;
    state: string;
    city: string;
    suburb: string;
    street_address: string;
    post_code: string;
  };
  restaurants: RestaurantSeed[];
  people: [name: string, role: PersonRole, status: PersonStatus, restaurantIndex: number][];
};

const WEB_LINKS: Record<string, string> = {
  MENUPLUS: 'https://menuplus.example.com',
  POSLITE: 'https://poslite.example.com',
  ROSTERLY: 'https://rosterly.example.com',
};

const franchises: FranchiseSeed[] = [
  {
    name: 'Harbour Eats Group',
    owner: {
      email: 'owner@example.com',
      name: 'Olivia Owner',
      phone: '0412 345 678',
      state: 'NSW',
      city: 'Sydney',
      suburb: 'Surry Hills',
      street_address: '12 Crown Street',
      post_code: '2010',
    },
    restaurants: [
      {
        name: 'Harbour Eats Parramatta',
        suburb: 'Parramatta',
        city: 'Sydney',
        state: 'NSW',
        post_code: '2150',
        address: '45 Church Street',
        status: 1,
        capacity: 120,
        business_type: 'Casual dining',
        products: [
          ['MENUPLUS', 'Premium'],
          ['POSLITE', 'Standard'],
        ],
      },
      {
        name: 'Harbour Eats Bondi',
        suburb: 'Bondi Beach',
        city: 'Sydney',
        state: 'NSW',
        post_code: '2026',
        address: '180 Campbell Parade',
        status: 1,
        capacity: 80,
        business_type: 'Cafe',
        products: [['MENUPLUS', 'Standard']],
      },
      {
        name: 'Harbour Eats Fitzroy',
        suburb: 'Fitzroy',
        city: 'Melbourne',
        state: 'VIC',
        post_code: '3065',
        address: '210 Brunswick Street',
        status: 1,
        capacity: 95,
        business_type: 'Bistro',
        products: [
          ['ROSTERLY', 'Basic'],
          ['MENUPLUS', 'Premium'],
        ],
      },
      {
        name: 'Harbour Eats South Bank',
        suburb: 'South Brisbane',
        city: 'Brisbane',
        state: 'QLD',
        post_code: '4101',
        address: '3 Little Stanley Street',
        status: 0,
        capacity: 60,
        business_type: 'Takeaway',
        products: [['POSLITE', 'Basic']],
      },
      {
        name: 'Harbour Eats Fremantle',
        suburb: 'Fremantle',
        city: 'Perth',
        state: 'WA',
        post_code: '6160',
        address: '64 South Terrace',
        status: 1,
        capacity: 110,
        business_type: 'Casual dining',
        products: [],
      },
    ],
    people: [
      ['Liam Nguyen', 'Manager', 'Active', 0],
      ['Charlotte Smith', 'Chef', 'Active', 0],
      ['Noah Williams', 'Waiter', 'Active', 0],
      ['Amelia Brown', 'Manager', 'Active', 1],
      ['Oliver Jones', 'Chef', 'Inactive', 1],
      ['Isla Taylor', 'Waiter', 'Active', 1],
      ['William Wilson', 'Manager', 'Active', 2],
      ['Mia Chen', 'Chef', 'Active', 2],
      ['Jack Martin', 'Waiter', 'Inactive', 2],
      ['Ava Patel', 'Manager', 'Inactive', 3],
      ['Henry Kelly', 'Chef', 'Active', 3],
      ['Grace Walker', 'Waiter', 'Active', 4],
      ['Lucas White', 'Chef', 'Active', 4],
      ['Zoe Harris', 'Waiter', 'Active', 0],
    ],
  },
  {
    name: 'Southern Cross Dining Co',
    owner: {
      email: 'rival@example.com',
      name: 'Riley Rival',
      phone: '0498 765 432',
      state: 'SA',
      city: 'Adelaide',
      suburb: 'Glenelg',
      street_address: '7 Jetty Road',
      post_code: '5045',
    },
    restaurants: [
      {
        name: 'Southern Cross Glenelg',
        suburb: 'Glenelg',
        city: 'Adelaide',
        state: 'SA',
        post_code: '5045',
        address: '20 Jetty Road',
        status: 1,
        capacity: 70,
        business_type: 'Seafood',
        products: [['MENUPLUS', 'Standard']],
      },
      {
        name: 'Southern Cross Hobart',
        suburb: 'Battery Point',
        city: 'Hobart',
        state: 'TAS',
        post_code: '7004',
        address: '9 Salamanca Place',
        status: 0,
        capacity: 50,
        business_type: 'Bistro',
        products: [['POSLITE', 'Basic']],
      },
    ],
    people: [
      ['Ethan Rossi', 'Manager', 'Active', 0],
      ['Sophie Lee', 'Chef', 'Active', 0],
      ['Max Turner', 'Waiter', 'Active', 1],
      ['Ruby Scott', 'Chef', 'Inactive', 1],
    ],
  },
];

const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '.')
    .replace(/^\.|\.$/g, '');

/** Seeds the two demo franchises once; a database that has any franchise is left alone. */
export async function seedIfEmpty(db: Db): Promise<boolean> {
  const existing = await db.selectFrom('franchises').select('id').limit(1).executeTakeFirst();
  if (existing) return false;
  // Hash before the transaction: argon2 takes ~20 ms and PGlite is busy while a transaction is open.
  const hashes = await Promise.all(franchises.map(() => hashPassword('demo-password')));
  await db.transaction().execute(async (trx) => {
    const again = await trx.selectFrom('franchises').select('id').limit(1).executeTakeFirst();
    if (again) return;
    for (const [fi, f] of franchises.entries()) {
      const { id: franchiseId } = await trx.insertInto('franchises').values({ name: f.name }).returning('id').executeTakeFirstOrThrow();
      await trx
        .insertInto('franchise_users')
        .values({ ...f.owner, franchise_id: franchiseId, password_hash: hashes[fi]!, picture: null })
        .execute();
      const restaurantIds: number[] = [];
      for (const [ri, r] of f.restaurants.entries()) {
        const domain = `${slug(r.name)}.example.com`;
        const { id } = await trx
          .insertInto('restaurants')
          .values({
            franchise_id: franchiseId,
            logo: null,
            name: r.name,
            abn_no: `${51 + fi} ${String(824753556 + ri * 111).replace(/(\d{3})(\d{3})(\d{3})/, '$1 $2 $3')}`,
            address: r.address,
            suburb: r.suburb,
            post_code: r.post_code,
            city: r.city,
            state: r.state,
            phone_no: `(0${2 + ri}) 9${fi}${ri}0 12${ri}${fi}`,
            email: `hello@${domain}`,
            business_type: r.business_type,
            capacity: r.capacity,
            status: r.status,
            location: `${r.suburb}, ${r.state}`,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        restaurantIds.push(id);
        await trx
          .insertInto('restaurant_users')
          .values({ restaurant_id: id, name: `${r.suburb} Admin`, email: `admin@${domain}` })
          .execute();
        for (const [product, plan] of r.products) {
          await trx
            .insertInto('subscriptions')
            .values({ restaurant_id: id, product_name: product, plan_name: plan, web_link: WEB_LINKS[product]! })
            .execute();
        }
      }
      for (const [pi, [name, role, status, ri]] of f.people.entries()) {
        const r = f.restaurants[ri]!;
        await trx
          .insertInto('people')
          .values({
            franchise_id: franchiseId,
            restaurant_id: restaurantIds[ri]!,
            picture: null,
            name,
            email: `${slug(name)}@${slug(f.name)}.example.com`,
            phone: `04${String(10000000 + fi * 1000000 + pi * 7919).padStart(8, '0')}`,
            state: r.state,
            city: r.city,
            street_address: `${10 + pi} ${['George', 'King', 'Queen', 'Elizabeth'][pi % 4]} Street`,
            suburb: r.suburb,
            post_code: r.post_code,
            role,
            status,
            password_hash: null,
          })
          .execute();
      }
    }
  });
  return true;
}
