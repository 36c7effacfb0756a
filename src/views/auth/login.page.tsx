import { useMemo } from 'react';
import { loginMachine } from '../../machines/login.machine';
import { appEffects } from '../app-effects';
import { SessionContext } from '../shared/session.context';
import { LoginContext, LoginView } from './login.view';

/** `/`: the login machine wired to the API and to the session actor. */
export function LoginPage() {
  const session = SessionContext.useActorRef();
  const logic = useMemo(
    () =>
      loginMachine.provide({
        actions: {
          ...appEffects,
          reportSignedIn: (_, newSession) => session.send({ type: 'session.signedIn', session: newSession }),
        },
      }),
    [session],
  );
  return (
    <LoginContext.Provider logic={logic}>
      <LoginView />
    </LoginContext.Provider>
  );
}
