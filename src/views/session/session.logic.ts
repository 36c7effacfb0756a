import { sessionMachine } from '../../machines/session.machine';
import { appEffects } from '../app-effects';

/** The session machine with the browser's toasts and navigation; its storage and API calls are the machine's own. */
export const sessionLogic = sessionMachine.provide({ actions: appEffects });
