import { Anchor, Button, Stack, TextInput } from '@mantine/core';
import { createActorContext } from '@xstate/react';
import { Link } from 'wouter';
import { forgotPasswordMachine } from '../../machines/forgot-password.machine';
import { AuthLayout } from '../../ui/auth-layout';
import { submitHandler } from '../../ui/form-events';

export const ForgotPasswordContext = createActorContext(forgotPasswordMachine);

export function ForgotPasswordView() {
  const forgot = ForgotPasswordContext.useActorRef();
  const email = ForgotPasswordContext.useSelector((s) => s.context.email);
  const busy = ForgotPasswordContext.useSelector((s) => s.hasTag('busy'));

  return (
    <AuthLayout title="Forgot Password" subtitle="Enter your email and we will send you a reset link">
      <form noValidate onSubmit={submitHandler(() => forgot.send({ type: 'forgot.submit' }))}>
        <Stack>
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            value={email}
            disabled={busy}
            onChange={(e) => forgot.send({ type: 'forgot.change', value: e.currentTarget.value })}
          />
          <Button type="submit" fullWidth disabled={busy}>
            {busy ? 'Sending...' : 'Send Reset Link'}
          </Button>
          <Anchor component={Link} href="/" ta="center" size="sm">
            Login
          </Anchor>
        </Stack>
      </form>
    </AuthLayout>
  );
}
