import { Alert, Anchor, PasswordInput, Stack } from '@mantine/core';
import { createActorContext } from '@xstate/react';
import { Link } from 'wouter';
import { pathOf } from '../../shared/routing';
import { changePasswordMachine } from '../../machines/change-password.machine';
import { AuthForm } from '../../ui/auth-form';
import { AuthLayout } from '../../ui/auth-layout';

export const ChangePasswordContext = createActorContext(changePasswordMachine);

function BackToLogin() {
  return (
    <Anchor component={Link} href="/" ta="center" size="sm">
      Back to Login
    </Anchor>
  );
}

/** Shown when the page is opened without the `?token=` of the mailed link. */
export function MissingResetTokenView() {
  return (
    <AuthLayout title="Change Password">
      <Stack>
        <Alert color="red" title="This reset link is incomplete">
          Open the link from your password reset email, or request a new one.
        </Alert>
        <Anchor component={Link} href={pathOf('forgotPassword')} ta="center">
          Request a new reset link
        </Anchor>
        <BackToLogin />
      </Stack>
    </AuthLayout>
  );
}

export function ChangePasswordView() {
  const change = ChangePasswordContext.useActorRef();
  const password = ChangePasswordContext.useSelector((s) => s.context.password);
  const confirmation = ChangePasswordContext.useSelector((s) => s.context.confirmation);
  const busy = ChangePasswordContext.useSelector((s) => s.hasTag('busy'));
  const changed = ChangePasswordContext.useSelector((s) => s.matches('changed'));
  const locked = busy || changed;

  return (
    <AuthForm
      title="Change Password"
      subtitle="Choose a new password for your account"
      onSubmit={() => change.send({ type: 'password.submit' })}
      submitLabel="Change Password"
      busyLabel="Updating..."
      busy={busy}
      disabled={locked}
      footer={<BackToLogin />}
    >
      {changed && (
        <Alert color="green" title="Password changed">
          Your password has been changed. Sign in with your new password.
        </Alert>
      )}
      <PasswordInput
        label="New Password"
        autoComplete="new-password"
        value={password}
        disabled={locked}
        onChange={(e) => change.send({ type: 'password.change', field: 'password', value: e.currentTarget.value })}
      />
      <PasswordInput
        label="Confirm Password"
        autoComplete="new-password"
        value={confirmation}
        disabled={locked}
        onChange={(e) => change.send({ type: 'password.change', field: 'confirmation', value: e.currentTarget.value })}
      />
    </AuthForm>
  );
}
