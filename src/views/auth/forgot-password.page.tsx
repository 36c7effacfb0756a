import { fromPromise } from 'xstate';
import { forgotPasswordMachine } from '../../machines/forgot-password.machine';
import { authService } from '../../services/auth.service';
import { appEffects } from '../app-effects';
import { ForgotPasswordContext, ForgotPasswordView } from './forgot-password.view';

const logic = forgotPasswordMachine.provide({
  actors: { requestReset: fromPromise(({ input }) => authService.requestPasswordReset(input.email)) },
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
