import { createActorContext } from '@xstate/react';
import { activityMachine } from '../../machines/activity.machine';

/** The Activity page's actor; tests pass `logic={activityMachine.provide(fakes)}`. */
export const ActivityContext = createActorContext(activityMachine);
