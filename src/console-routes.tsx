import { lazy, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { memberRole } from './machines/session.machine';
import { navItemsFor, PROTECTED_ROUTES, routeAllows } from './routes';
import { CenteredLoader } from './ui/centered-loader';
import { AlertsBell, AlertsBellScope } from './views/alerts/alerts-bell.view';
import { GuardedLayout } from './views/session/guarded-layout.view';
import { SessionContext } from './views/shared/session.context';

const NotFoundView = lazy(() => import('./views/not-found.view'));

/**
 * The console (lazy-loaded), composed like app.tsx: guard, shell with the role's sidebar and the alerts bell, and the
 * registry's protected pages, with a protected 404. A page the member's role does not get is that 404, as an unknown
 * path is (the server answers its calls with 404 too).
 */
export default function ConsoleRoutes() {
  const role = SessionContext.useSelector(memberRole);
  return (
    <GuardedLayout navFor={navItemsFor} scope={AlertsBellScope} headerActions={<AlertsBell />}>
      <Suspense fallback={<CenteredLoader />}>
        <Switch>
          {PROTECTED_ROUTES.filter((route) => routeAllows(route, role)).map(({ path, title, page: Page }) => (
            <Route key={path} path={path}>
              <Page title={title} />
            </Route>
          ))}
          <Route>
            <NotFoundView />
          </Route>
        </Switch>
      </Suspense>
    </GuardedLayout>
  );
}
