import { Anchor } from '@mantine/core';
import { createActorContext } from '@xstate/react';
import { Link } from 'wouter';
import { forgotPasswordMachine } from '../../machines/forgot-password.machine';
import { AuthForm, EmailInput } from '../../ui/auth-form';

export const ForgotPasswordContext = createActorContext(forgotPasswordMachine);

export function ForgotPasswordView() {
  const forgot = ForgotPasswordContext.useActorRef();
  const email = ForgotPasswordContext.useSelector((s) => s.context.email);
  const busy = ForgotPasswordContext.useSelector((s) => s.hasTag('busy'));

  return (
    <AuthForm
      title="Forgot Password"
      subtitle="Enter your email and we will send you a reset link"
      onSubmit={() => forgot.send({ type: 'forgot.submit' })}
      submitLabel="Send Reset Link"
      busyLabel="Sending..."
      busy={busy}
      footer={
        <Anchor component={Link} href="/" ta="center" size="sm">
          Login
        </Anchor>
      }
    >
      <EmailInput value={email} disabled={busy} onChange={(value) => forgot.send({ type: 'forgot.change', value })} />
    </AuthForm>
  );
}
