import type { AustralianState } from './people.contract';

/**
 * The states and territories the people, restaurant and profile forms offer: the client's copy of
 * people.contract's AUSTRALIAN_STATES (importing that would bring zod into the browser), compared
 * with it by a unit test. A module of its own, so only the form pages load it.
 */
export const STATE_CODES = ['NSW', 'VIC', 'QLD', 'SA', 'WA', 'TAS', 'ACT', 'NT'] as const satisfies readonly AustralianState[];
