import type { PersonRole, PersonStatus } from '../database.js';

// The demo franchises as seeded on the first start: two franchises with their owners, restaurants,
// products and staff, and the manager of two branches. A declarative table, hence its length.

export const DEMO_ACCOUNTS = [
  { email: 'owner@example.com', password: 'demo-password', franchise: 'Harbour Eats Group' },
  { email: 'rival@example.com', password: 'demo-password', franchise: 'Southern Cross Dining Co' },
] as const;

/** The demo franchise's manager: signs in to the first two branches only. */
export const DEMO_MANAGER = {
  email: 'manager@example.com',
  password: 'demo-password',
  franchise: 'Harbour Eats Group',
  name: 'Mason Manager',
  branches: ['Harbour Eats Parramatta', 'Harbour Eats Bondi'],
} as const;

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
  /** The branch's zone when not the franchise's. */
  time_zone?: string;
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

export const WEB_LINKS: Record<string, string> = {
  MENUPLUS: 'https://menuplus.example.com',
  POSLITE: 'https://poslite.example.com',
  ROSTERLY: 'https://rosterly.example.com',
};

export const DEMO_FRANCHISES: FranchiseSeed[] = [
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
        time_zone: 'Australia/Brisbane',
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
        time_zone: 'Australia/Perth',
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

/** The demo's trade generator seed: the same on every machine, so everyone sees the same figures. */
export const DEMO_TRADE_SEED = 20_261_123;
