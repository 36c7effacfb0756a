import { Box } from '@mantine/core';
import { lazy, Suspense, useEffect } from 'react';
import { Route, Switch } from 'wouter';
import { DashboardPage, PROTECTED_PATH, PUBLIC_ROUTES } from './routes';
import { pathOf } from './shared/routing';
import { subscribeRestaurantMissing, subscribeSessionExpired } from './services/http-client';
import { CenteredLoader } from './ui/centered-loader';
import { EChartRenderer } from './ui/charts/lazy-renderer';
import { preloadable } from './ui/preloadable';
import { ToastStack } from './ui/toast-host';
import { UiProvider } from './ui/ui-provider';
import { LoginPage } from './views/auth/login.page';
import { SessionContext } from './views/shared/session.context';
import { sessionLogic } from './views/session/session.logic';
import { SignedOutOnly } from './views/session/signed-out-only.view';

// Everything but the sign-in page is loaded on demand, so sign-in ships as little JS as possible.
const ConsoleRoutes = preloadable(() => import('./console-routes'));
const NotFoundView = lazy(() => import('./views/not-found.view'));

/**
 * The code of the view a sign-in opens, fetched while the server checks the password: the shell, the dashboard, its
 * charts and the "Logged In!" toast.
 */
export const loadConsole = () =>
  Promise.all([ConsoleRoutes.preload(), DashboardPage.preload(), EChartRenderer.preload(), ToastStack.preload()]).then(() => undefined);

/**
 * What the session actor hears from outside React: the HTTP client gave up on the session (refresh failed), a call
 * about a restaurant answered 404, and the window got the focus back (the member's access may have changed meanwhile).
 */
export function SessionBridge() {
  const session = SessionContext.useActorRef();
  useEffect(() => subscribeSessionExpired(() => session.send({ type: 'session.expired' })), [session]);
  useEffect(
    () => subscribeRestaurantMissing((restaurantId) => session.send({ type: 'session.restaurantMissing', restaurantId })),
    [session],
  );
  useEffect(() => {
    const focused = () => session.send({ type: 'session.focused' });
    window.addEventListener('focus', focused);
    return () => window.removeEventListener('focus', focused);
  }, [session]);
  return null;
}

export function App() {
  return (
    <UiProvider>
      <SessionContext.Provider logic={sessionLogic}>
        <SessionBridge />
        <Suspense fallback={<CenteredLoader />}>
          <Switch>
            <Route path={pathOf('signIn')}>
              <SignedOutOnly>
                <LoginPage loadConsole={loadConsole} />
              </SignedOutOnly>
            </Route>
            {PUBLIC_ROUTES.map(({ path, title, page: Page }) => (
              <Route key={path} path={path}>
                <Page title={title} />
              </Route>
            ))}
            <Route path={PROTECTED_PATH}>
              <ConsoleRoutes />
            </Route>
            <Route>
              <Box component="main">
                <NotFoundView />
              </Box>
            </Route>
          </Switch>
        </Suspense>
      </SessionContext.Provider>
    </UiProvider>
  );
}
