import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import { loginMachine } from '../../machines/login.machine';
import { appEffects } from '../app-effects';
import { SessionContext } from '../shared/session.context';
import { LoginContext, LoginView } from './login.view';

/**
 * `/`: the login machine wired to the API and to the session actor. `loadConsole` fetches the code of the view a
 * sign-in opens (once; every call shares that fetch).
 */
export function LoginPage({ loadConsole }: { loadConsole: () => Promise<void> }) {
  const session = SessionContext.useActorRef();
  const logic = useMemo(
    () =>
      loginMachine.provide({
        actors: { consoleLoaded: fromPromise(loadConsole) },
        actions: {
          ...appEffects,
          // After the sign-in request: it gets one of the browser's six connections to the server before the code does.
          preloadConsole: () => void setTimeout(loadConsole),
          reportSignedIn: (_, newSession) => session.send({ type: 'session.signedIn', session: newSession }),
        },
      }),
    [session, loadConsole],
  );
  return (
    <LoginContext.Provider logic={logic}>
      <LoginView />
    </LoginContext.Provider>
  );
}
