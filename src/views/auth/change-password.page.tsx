import { useMemo } from 'react';
import { useSearchParams } from 'wouter';
import { fromPromise } from 'xstate';
import { loadConsole } from '../../app';
import { changePasswordMachine } from '../../machines/change-password.machine';
import { appEffects } from '../app-effects';
import { SessionContext } from '../shared/session.context';
import { ChangePasswordContext, ChangePasswordView, MissingResetTokenView } from './change-password.view';

/** `/change-password?token=…` (lazy-loaded): the token comes from the mailed link; an invitation's signs the member in. */
export default function ChangePasswordPage() {
  const [params] = useSearchParams();
  const session = SessionContext.useActorRef();
  const logic = useMemo(
    () =>
      changePasswordMachine.provide({
        actors: { consoleLoaded: fromPromise<void>(loadConsole) },
        actions: {
          ...appEffects,
          reportSignedIn: (_, newSession) => session.send({ type: 'session.signedIn', session: newSession }),
        },
      }),
    [session],
  );
  const token = params.get('token');
  if (!token) return <MissingResetTokenView />;
  return (
    <ChangePasswordContext.Provider logic={logic} options={{ input: { token } }}>
      <ChangePasswordView />
    </ChangePasswordContext.Provider>
  );
}
