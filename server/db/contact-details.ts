import type { ContactColumns } from './database.js';

/**
 * The optional contact details of a person or a sign-in (the columns franchise_users and people share),
 * all empty: what an invited member or a new owner starts with, and what a deleted person keeps.
 */
export const NO_CONTACT_DETAILS = {
  picture: null,
  phone: null,
  state: null,
  city: null,
  street_address: null,
  suburb: null,
  post_code: null,
} as const satisfies Record<keyof ContactColumns, null>;
