import { Alert, Anchor, Button, Center, Loader, PasswordInput, Stack, Text } from '@mantine/core';
import { createActorContext } from '@xstate/react';
import { Link } from 'wouter';
import type { PasswordLink } from '@contract/api/auth.calls';
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

function NewResetLink() {
  return (
    <Anchor component={Link} href={pathOf('forgotPassword')} ta="center">
      Request a new reset link
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
        <NewResetLink />
        <BackToLogin />
      </Stack>
    </AuthLayout>
  );
}

/** "Olivia Owner invited you to Harbour Eats Group", or without an inviter who is no longer a member. */
export const welcomeTitle = (link: PasswordLink) =>
  link.inviter ? `${link.inviter} invited you to ${link.franchise}` : `You are invited to ${link.franchise}`;

/** The access the invitation gives: an owner's whole franchise, or a manager's branches. */
export const welcomeAccess = (link: PasswordLink) =>
  link.role === 'owner' ? 'as an owner, with every branch' : `as a manager of ${link.restaurants.join(', ')}`;

/** The link is being read, could not be read, or cannot be used. */
function LinkStatus() {
  const change = ChangePasswordContext.useActorRef();
  const state = ChangePasswordContext.useSelector((s) => s.value);
  const error = ChangePasswordContext.useSelector((s) => s.context.error);
  return (
    <AuthLayout title="Change Password">
      <Stack>
        {state === 'reading' && (
          <Center>
            <Loader role="status" aria-label="Reading your link" />
          </Center>
        )}
        {state === 'readFailed' && (
          <>
            <Alert color="red" title="Could not read this link">
              {error?.message}
            </Alert>
            <Button onClick={() => change.send({ type: 'link.retry' })}>Try again</Button>
          </>
        )}
        {state === 'unknown' && (
          <>
            <Alert color="red" title="This link cannot be used">
              It is invalid, was used already or has expired. An invitation can be sent again by an owner of your franchise; a password
              reset link can be requested again.
            </Alert>
            <NewResetLink />
          </>
        )}
        <BackToLogin />
      </Stack>
    </AuthLayout>
  );
}

export function ChangePasswordView() {
  const change = ChangePasswordContext.useActorRef();
  const link = ChangePasswordContext.useSelector((s) => s.context.link);
  const password = ChangePasswordContext.useSelector((s) => s.context.password);
  const confirmation = ChangePasswordContext.useSelector((s) => s.context.confirmation);
  const busy = ChangePasswordContext.useSelector((s) => s.hasTag('busy'));
  const changed = ChangePasswordContext.useSelector((s) => s.matches('changed'));
  const joined = ChangePasswordContext.useSelector((s) => s.matches('joined'));
  const locked = busy || changed || joined;

  if (!link) return <LinkStatus />;
  const invitation = link.kind === 'invitation';
  return (
    <AuthForm
      title={invitation ? welcomeTitle(link) : 'Change Password'}
      subtitle={invitation ? `Choose a password to join ${welcomeAccess(link)}.` : 'Choose a new password for your account'}
      onSubmit={() => change.send({ type: 'password.submit' })}
      submitLabel={invitation ? 'Set Password and Sign In' : 'Change Password'}
      busyLabel={invitation ? 'Signing in...' : 'Updating...'}
      busy={busy}
      disabled={locked}
      footer={<BackToLogin />}
    >
      {invitation && (
        <Text size="sm" c="gray.7">
          You will sign in with {link.email}.
        </Text>
      )}
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
