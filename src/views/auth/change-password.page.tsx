import { useSearchParams } from 'wouter';
import { changePasswordMachine } from '../../machines/change-password.machine';
import { appEffects } from '../app-effects';
import { ChangePasswordContext, ChangePasswordView, MissingResetTokenView } from './change-password.view';

const logic = changePasswordMachine.provide({
  actions: { notify: appEffects.notify },
});

/** `/change-password?token=…` (lazy-loaded): the token comes from the mailed link. */
export default function ChangePasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  if (!token) return <MissingResetTokenView />;
  return (
    <ChangePasswordContext.Provider logic={logic} options={{ input: { token } }}>
      <ChangePasswordView />
    </ChangePasswordContext.Provider>
  );
}
