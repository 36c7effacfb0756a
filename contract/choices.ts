/**
 * The fixed choices of the people, restaurant and profile forms: the server's enums and the forms'
 * options. A module of its own (no zod), so the browser loads it only with the form pages.
 */
export const AUSTRALIAN_STATES = ['NSW', 'VIC', 'QLD', 'SA', 'WA', 'TAS', 'ACT', 'NT'] as const;
export type AustralianState = (typeof AUSTRALIAN_STATES)[number];

/** Each state's time zone, which a new branch there is suggested (docs/product.md#time). */
export const STATE_TIME_ZONES: Record<AustralianState, string> = {
  NSW: 'Australia/Sydney',
  VIC: 'Australia/Melbourne',
  QLD: 'Australia/Brisbane',
  SA: 'Australia/Adelaide',
  WA: 'Australia/Perth',
  TAS: 'Australia/Hobart',
  ACT: 'Australia/Sydney',
  NT: 'Australia/Darwin',
};

/** The times a branch's trading day may start, every half hour from midnight to 06:00 (docs/product.md#time). */
export const DAY_START_CHOICES = Array.from(
  { length: 13 },
  (_, i) => `${String(Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`,
);

export const PERSON_ROLES = ['Manager', 'Chef', 'Waiter'] as const;
export type PersonRole = (typeof PERSON_ROLES)[number];

export const PERSON_STATUSES = ['Active', 'Inactive'] as const;
export type PersonStatus = (typeof PERSON_STATUSES)[number];

/** A branch's status decides which owners' alert rules watch it: a manager saves it unchanged or not at all. */
export const BRANCH_STATUS_OWNERS_ONLY_MESSAGE = "Only an owner can change a branch's status";

/** How the console names a member's role (the team calls' `role`). */
export const MEMBER_ROLE_LABELS = { owner: 'Owner', manager: 'Manager' } as const satisfies Record<'owner' | 'manager', string>;
