import { lazy, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { CenteredLoader } from '../../ui/centered-loader';
import { GuardedLayout } from '../session/guarded-layout.view';

const DashboardPage = lazy(() => import('./dashboard.page'));
const SectionPage = lazy(() => import('./section.page'));
const NotFoundView = lazy(() => import('../not-found.view'));

/** Protected routes of spec §2 and their page titles. */
const SECTIONS = [
  { path: '/user', title: 'User Dashboard' },
  { path: '/user/create', title: 'Create User' },
  { path: '/user/edit', title: 'Edit User' },
  { path: '/restaurant', title: 'Restaurant Management' },
  { path: '/restaurant/edit', title: 'Edit Restaurant' },
  { path: '/order', title: 'Order' },
  { path: '/roster', title: 'Roster & Productivity' },
  { path: '/revenue', title: 'Revenue' },
  { path: '/headcount', title: 'Headcount' },
  { path: '/procurement', title: 'Procurement' },
  { path: '/profile', title: 'Profile' },
] as const;

/** The console (lazy-loaded): guard, shell and one lazy page per route, with a protected 404. */
export default function ConsoleRoutes() {
  return (
    <GuardedLayout>
      <Suspense fallback={<CenteredLoader />}>
        <Switch>
          <Route path="/dashboard">
            <DashboardPage />
          </Route>
          {SECTIONS.map(({ path, title }) => (
            <Route key={path} path={path}>
              <SectionPage title={title} />
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
