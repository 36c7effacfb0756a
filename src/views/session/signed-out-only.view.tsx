import type { ReactNode } from 'react';
import { Redirect } from 'wouter';
import { sessionLoadingLabel } from '../../machines/session.machine';
import { pathOf } from '../../shared/routing';
import { CenteredLoader } from '../../ui/centered-loader';
import { SessionContext } from '../shared/session.context';

/** The sign-in page is for signed-out visitors; a signed-in user goes to the dashboard. */
export function SignedOutOnly({ children }: { children: ReactNode }) {
  const loading = SessionContext.useSelector(sessionLoadingLabel);
  const signedIn = SessionContext.useSelector((s) => s.matches('signedIn'));
  if (loading) return <CenteredLoader label={loading} />;
  if (signedIn) return <Redirect to={pathOf('dashboard')} replace />;
  return children;
}
