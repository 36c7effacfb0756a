import * as z from 'zod';
import { defineCalls } from './call.js';

/**
 * An owner's first steps, each done or not from the franchise's own records (docs/product.md#getting-started): the
 * dashboard leads with them until trade arrives or the owner dismisses them.
 */
export const gettingStarted = z.object({
  steps: z.object({
    restaurants: z.boolean().meta({ description: 'The franchise has a restaurant' }),
    trade_source: z.boolean().meta({ description: 'An API key exists, or trade was imported or sent' }),
    team: z.boolean().meta({ description: 'Someone besides this owner is in the team' }),
    alerts: z.boolean().meta({ description: 'An alert rule or a report mail exists' }),
  }),
  trading: z.boolean().meta({ description: 'The franchise has an order: the steps are no longer shown' }),
  dismissed: z.boolean().meta({ description: 'This owner dismissed the steps' }),
});
export type GettingStarted = z.output<typeof gettingStarted>;
export type GettingStartedStep = keyof GettingStarted['steps'];

export const GETTING_STARTED_CALLS = defineCalls({
  'GET /franchise/getting-started': {
    operationId: 'getGettingStarted',
    summary: 'The signed-in owner’s first steps and which are done',
    tag: 'Profile',
    access: 'owner',
    success: { data: gettingStarted },
  },
  'POST /franchise/getting-started/dismiss': {
    operationId: 'dismissGettingStarted',
    summary: 'Stop showing the first steps to the signed-in owner; again changes nothing',
    tag: 'Profile',
    access: 'owner',
    success: { data: gettingStarted },
  },
});
