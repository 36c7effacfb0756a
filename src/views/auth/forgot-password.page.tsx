import { forgotPasswordMachine } from '../../machines/forgot-password.machine';
import { appEffects } from '../app-effects';
import { ForgotPasswordContext, ForgotPasswordView } from './forgot-password.view';

const logic = forgotPasswordMachine.provide({
  actions: { notify: appEffects.notify },
});

/** `/forgot-password` (lazy-loaded). */
export default function ForgotPasswordPage() {
  return (
    <ForgotPasswordContext.Provider logic={logic}>
      <ForgotPasswordView />
    </ForgotPasswordContext.Provider>
  );
}
