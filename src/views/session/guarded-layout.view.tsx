import { Alert, Button, Center, Stack } from '@mantine/core';
import type { ComponentType, ReactNode } from 'react';
import { Redirect } from 'wouter';
import type { FranchiseUser, MemberRole } from '@contract/auth.contract';
import { pathOf } from '../../shared/routing';
import { AppShell, type ShellAccount } from '../../ui/app-shell';
import { isHttpUrl } from '../../shared/urls';
import { memberRole, sessionLoadingLabel } from '../../machines/session.machine';
import { CenteredLoader } from '../../ui/centered-loader';
import type { NavItem } from '../../ui/nav-items';
import { SessionContext } from '../shared/session.context';

function SessionError() {
  const session = SessionContext.useActorRef();
  const message = SessionContext.useSelector((s) => s.context.error?.message);
  return (
    <Center component="main" mih="100dvh" p="md">
      <Stack maw={420}>
        <Alert color="red" title="Your session could not be restored">
          {message}
        </Alert>
        <Button onClick={() => session.send({ type: 'session.retry' })}>Retry</Button>
      </Stack>
    </Center>
  );
}

const accountOf = (user: FranchiseUser | null): ShellAccount | null =>
  user && { name: user.name, picture: isHttpUrl(user.picture) ? user.picture : null, franchise: user.franchise.name };
const sameAccount = (a: ShellAccount | null, b: ShellAccount | null) =>
  a?.name === b?.name && a?.picture === b?.picture && a?.franchise === b?.franchise;

const NoScope = ({ children }: { children: ReactNode }) => children;

/**
 * Protected routes: spinner while the session loads, signed-out visitors to sign-in, otherwise the console shell with
 * the sidebar of the member's role (`navFor`), inside `scope` (what lives only while signed in: the alerts bell's actor)
 * and with `headerActions` in its header.
 */
export function GuardedLayout({
  children,
  navFor,
  scope: Scope = NoScope,
  headerActions,
}: {
  children: ReactNode;
  navFor: (role: MemberRole) => readonly NavItem[];
  scope?: ComponentType<{ children: ReactNode }>;
  headerActions?: ReactNode;
}) {
  const session = SessionContext.useActorRef();
  const loading = SessionContext.useSelector(sessionLoadingLabel);
  const signedOut = SessionContext.useSelector((s) => s.matches('signedOut'));
  const failed = SessionContext.useSelector((s) => s.matches('error'));
  const loggingOut = SessionContext.useSelector((s) => s.hasTag('busy'));
  const account = SessionContext.useSelector((s) => accountOf(s.context.user), sameAccount);
  const role = SessionContext.useSelector(memberRole);

  if (loading) return <CenteredLoader label={loading} />;
  if (signedOut) return <Redirect to={pathOf('signIn')} replace />;
  if (failed) return <SessionError />;
  return (
    <Scope>
      <AppShell
        navItems={navFor(role)}
        account={account}
        onLogout={() => session.send({ type: 'session.logout' })}
        loggingOut={loggingOut}
        headerActions={headerActions}
      >
        {children}
      </AppShell>
    </Scope>
  );
}
