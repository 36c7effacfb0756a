import { createActorContext } from '@xstate/react';
import { analyticsPageMachine } from '../../machines/analytics-page.machine';

/** The analytics-page actor of a page; tests pass `logic={analyticsPageMachine.provide(fakes)}`. */
export const AnalyticsPageContext = createActorContext(analyticsPageMachine);
