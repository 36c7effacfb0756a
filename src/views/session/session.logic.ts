import { fromPromise } from 'xstate';
import { sessionMachine } from '../../machines/session.machine';
import { authService } from '../../services/auth.service';
import { sessionStore } from '../../services/session-storage';
import { appEffects } from '../app-effects';

/** The session machine wired to the browser's storage and the real API. */
export const sessionLogic = sessionMachine.provide({
  actors: {
    restore: fromPromise(async () => sessionStore.read()),
    fetchProfile: fromPromise(() => authService.fetchProfile()),
    refresh: fromPromise(() => authService.refreshToken()),
    logout: fromPromise(() => authService.logout()),
  },
  actions: {
    saveSession: (_, session) => sessionStore.save(session),
    saveUser: (_, user) => sessionStore.saveUser(user),
    clearSession: () => sessionStore.clear(),
    ...appEffects,
  },
});
