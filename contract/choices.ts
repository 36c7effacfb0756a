/**
 * The fixed choices of the people, restaurant and profile forms: the server's enums and the forms'
 * options. A module of its own (no zod), so the browser loads it only with the form pages.
 */
export const AUSTRALIAN_STATES = ['NSW', 'VIC', 'QLD', 'SA', 'WA', 'TAS', 'ACT', 'NT'] as const;
export type AustralianState = (typeof AUSTRALIAN_STATES)[number];

export const PERSON_ROLES = ['Manager', 'Chef', 'Waiter'] as const;
export type PersonRole = (typeof PERSON_ROLES)[number];

export const PERSON_STATUSES = ['Active', 'Inactive'] as const;
export type PersonStatus = (typeof PERSON_STATUSES)[number];

/** A branch's status decides which owners' alert rules watch it: a manager saves it unchanged or not at all. */
export const BRANCH_STATUS_OWNERS_ONLY_MESSAGE = "Only an owner can change a branch's status";
