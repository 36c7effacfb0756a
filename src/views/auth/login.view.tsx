import { Anchor, Checkbox, Group, PasswordInput } from '@mantine/core';
import { createActorContext } from '@xstate/react';
import { Link } from 'wouter';
import { pathOf } from '../../shared/routing';
import { loginMachine } from '../../machines/login.machine';
import { AuthForm, EmailInput } from '../../ui/auth-form';

export const LoginContext = createActorContext(loginMachine);

export function LoginView() {
  const login = LoginContext.useActorRef();
  const email = LoginContext.useSelector((s) => s.context.email);
  const password = LoginContext.useSelector((s) => s.context.password);
  const remember = LoginContext.useSelector((s) => s.context.remember);
  const busy = LoginContext.useSelector((s) => s.hasTag('busy'));

  return (
    <AuthForm
      title="Franchise Console"
      subtitle="Sign in to access analytics"
      onSubmit={() => login.send({ type: 'login.submit' })}
      submitLabel="Sign In"
      busyLabel="Signing in..."
      busy={busy}
    >
      <EmailInput value={email} disabled={busy} onChange={(value) => login.send({ type: 'login.change', field: 'email', value })} />
      <PasswordInput
        label="Password"
        autoComplete="current-password"
        value={password}
        disabled={busy}
        onChange={(e) => login.send({ type: 'login.change', field: 'password', value: e.currentTarget.value })}
      />
      <Group justify="space-between">
        <Checkbox
          label="Remember me"
          checked={remember}
          disabled={busy}
          onChange={(e) => login.send({ type: 'login.remember', value: e.currentTarget.checked })}
        />
        <Anchor component={Link} href={pathOf('forgotPassword')} size="sm">
          Forgot password?
        </Anchor>
      </Group>
    </AuthForm>
  );
}
