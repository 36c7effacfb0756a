import { lazy, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { PROTECTED_ROUTES } from '../../routes';
import { CenteredLoader } from '../../ui/centered-loader';
import { GuardedLayout } from '../session/guarded-layout.view';

const NotFoundView = lazy(() => import('../not-found.view'));

/** The console (lazy-loaded): guard, shell and the registry's protected pages, with a protected 404. */
export default function ConsoleRoutes() {
  return (
    <GuardedLayout>
      <Suspense fallback={<CenteredLoader />}>
        <Switch>
          {PROTECTED_ROUTES.map(({ path, title, page: Page }) => (
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
