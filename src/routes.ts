import type { MemberRole } from '@contract/auth.contract';
import { PATHS, type PageProps } from './shared/routing';
import type { NavIcon, NavItem } from './ui/nav-items';
import { preloadable, type Preloadable } from './ui/preloadable';

export type AppRoute = {
  /** A wouter pattern (one of `PATHS`), matched exactly; unknown paths below a protected one get the in-shell 404. */
  path: string;
  title: string;
  /** Public pages need no session; protected ones render behind the guard, inside the console shell. */
  access: 'public' | 'protected';
  page: Preloadable<PageProps>;
  /** A sidebar entry, listed in registry order. */
  nav?: { label: string; icon: NavIcon };
  /** Only these roles see it (its sidebar entry included); to others it is the in-shell 404. Every role when absent. */
  roles?: readonly MemberRole[];
};

/** Pages that act on the whole franchise: a manager, who has some branches only, does not get them (nor does the server). */
const OWNERS: readonly MemberRole[] = ['owner'];

// Create and edit in one chunk; the path picks the mode.
const UserFormPage = preloadable(() => import('./views/users/user-form.page'));
const MemberFormPage = preloadable(() => import('./views/team/member-form.page'));
const AlertRuleFormPage = preloadable(() => import('./views/alerts/alert-rule-form.page'));
/** The console's first view after sign-in, fetched ahead (app.tsx). */
export const DashboardPage = preloadable(() => import('./views/dashboard/dashboard.page'));
/** The analytics pages: one chunk, one machine and view; each shows the report of its path. */
const AnalyticsPage = preloadable(() => import('./views/analytics/analytics.page'));

/**
 * The one route registry: the router, the sidebar and the protected-area matcher derive from it; its paths are
 * `PATHS` (src/shared/routing.ts), which everything else links to. It is part of the sign-in chunk, so pages are lazy
 * and icons are named, not imported. Sign-in (`PATHS.signIn`) itself is rendered eagerly by app.tsx.
 */
export const ROUTES: readonly AppRoute[] = [
  {
    path: PATHS.forgotPassword,
    title: 'Forgot Password',
    access: 'public',
    page: preloadable(() => import('./views/auth/forgot-password.page')),
  },
  {
    path: PATHS.changePassword,
    title: 'Change Password',
    access: 'public',
    page: preloadable(() => import('./views/auth/change-password.page')),
  },
  {
    path: PATHS.unsubscribe,
    title: 'Unsubscribe',
    access: 'public',
    page: preloadable(() => import('./views/unsubscribe/unsubscribe.page')),
  },
  {
    path: PATHS.dashboard,
    title: 'Dashboard',
    access: 'protected',
    page: DashboardPage,
    nav: { label: 'Dashboard', icon: 'dashboard' },
  },
  {
    path: PATHS.users,
    title: 'User Dashboard',
    access: 'protected',
    page: preloadable(() => import('./views/users/user-list.page')),
    nav: { label: 'User Management', icon: 'users' },
  },
  { path: PATHS.userCreate, title: 'Create User', access: 'protected', page: UserFormPage },
  { path: PATHS.userEdit, title: 'Edit User', access: 'protected', page: UserFormPage },
  {
    path: PATHS.restaurants,
    title: 'Restaurant Management',
    access: 'protected',
    page: preloadable(() => import('./views/restaurants/restaurant-list.page')),
    nav: { label: 'Restaurant Management', icon: 'store' },
  },
  {
    path: PATHS.restaurantCreate,
    title: 'Add Restaurant',
    access: 'protected',
    page: preloadable(() => import('./views/restaurants/restaurant-create.page')),
    roles: OWNERS,
  },
  {
    path: PATHS.restaurantEdit,
    title: 'Edit Restaurant',
    access: 'protected',
    page: preloadable(() => import('./views/restaurants/restaurant-edit.page')),
  },
  {
    path: PATHS.headcount,
    title: 'Headcount',
    access: 'protected',
    page: AnalyticsPage,
    nav: { label: 'Headcount', icon: 'headcount' },
  },
  { path: PATHS.order, title: 'Order', access: 'protected', page: AnalyticsPage, nav: { label: 'Order', icon: 'cart' } },
  {
    path: PATHS.procurement,
    title: 'Procurement',
    access: 'protected',
    page: AnalyticsPage,
    nav: { label: 'Procurement', icon: 'clipboard' },
  },
  { path: PATHS.revenue, title: 'Revenue', access: 'protected', page: AnalyticsPage, nav: { label: 'Revenue', icon: 'chart' } },
  {
    path: PATHS.roster,
    title: 'Roster & Productivity',
    access: 'protected',
    page: AnalyticsPage,
    nav: { label: 'Productivity', icon: 'clock' },
  },
  { path: PATHS.loss, title: 'Loss', access: 'protected', page: AnalyticsPage, nav: { label: 'Loss', icon: 'loss' } },
  {
    path: PATHS.costs,
    title: 'Food & Prime Cost',
    access: 'protected',
    page: AnalyticsPage,
    nav: { label: 'Food & Prime Cost', icon: 'costs' },
  },
  {
    path: PATHS['menu-engineering'],
    title: 'Menu Engineering',
    access: 'protected',
    page: AnalyticsPage,
    nav: { label: 'Menu Engineering', icon: 'menuEngineering' },
  },
  {
    path: PATHS.menu,
    title: 'Menu',
    access: 'protected',
    page: preloadable(() => import('./views/menu/menu.page')),
    nav: { label: 'Menu', icon: 'menu' },
    roles: OWNERS,
  },
  {
    path: PATHS.targets,
    title: 'Targets',
    access: 'protected',
    page: preloadable(() => import('./views/targets/targets.page')),
    nav: { label: 'Targets', icon: 'target' },
  },
  {
    path: PATHS.integrations,
    title: 'Integrations',
    access: 'protected',
    page: preloadable(() => import('./views/integrations/integrations.page')),
    nav: { label: 'Integrations', icon: 'plug' },
    roles: OWNERS,
  },
  {
    path: PATHS.import,
    title: 'Data Import',
    access: 'protected',
    page: preloadable(() => import('./views/import/import.page')),
    nav: { label: 'Data Import', icon: 'import' },
    roles: OWNERS,
  },
  {
    path: PATHS.team,
    title: 'Team',
    access: 'protected',
    page: preloadable(() => import('./views/team/team-list.page')),
    nav: { label: 'Team', icon: 'team' },
    roles: OWNERS,
  },
  { path: PATHS.memberInvite, title: 'Invite Member', access: 'protected', page: MemberFormPage, roles: OWNERS },
  { path: PATHS.memberEdit, title: 'Edit Member', access: 'protected', page: MemberFormPage, roles: OWNERS },
  {
    path: PATHS.activity,
    title: 'Activity',
    access: 'protected',
    page: preloadable(() => import('./views/activity/activity.page')),
    nav: { label: 'Activity', icon: 'activity' },
    roles: OWNERS,
  },
  {
    path: PATHS.alerts,
    title: 'Alerts',
    access: 'protected',
    page: preloadable(() => import('./views/alerts/alerts.page')),
    nav: { label: 'Alerts', icon: 'alerts' },
  },
  {
    path: PATHS.alertRules,
    title: 'Alert Rules',
    access: 'protected',
    page: preloadable(() => import('./views/alerts/alert-rules-list.page')),
    roles: OWNERS,
  },
  { path: PATHS.alertRuleCreate, title: 'Add Alert Rule', access: 'protected', page: AlertRuleFormPage, roles: OWNERS },
  { path: PATHS.alertRuleEdit, title: 'Edit Alert Rule', access: 'protected', page: AlertRuleFormPage, roles: OWNERS },
  {
    path: PATHS.profile,
    title: 'Profile',
    access: 'protected',
    page: preloadable(() => import('./views/profile/profile.page')),
    nav: { label: 'Profile', icon: 'profile' },
  },
];

export const PUBLIC_ROUTES = ROUTES.filter((route) => route.access === 'public');
export const PROTECTED_ROUTES = ROUTES.filter((route) => route.access === 'protected');

/** Whether a member of this role gets the route. */
export const routeAllows = (route: AppRoute, role: MemberRole): boolean => route.roles === undefined || route.roles.includes(role);

const navFor = (role: MemberRole): readonly NavItem[] =>
  ROUTES.flatMap((route) => (route.nav && routeAllows(route, role) ? [{ ...route.nav, href: route.path }] : []));
const NAV_BY_ROLE: Record<MemberRole, readonly NavItem[]> = { owner: navFor('owner'), manager: navFor('manager') };

/** The sidebar a member of this role sees, in registry order; Logout follows it as a button of the shell. One list per role. */
export const navItemsFor = (role: MemberRole): readonly NavItem[] => NAV_BY_ROLE[role];

/** The protected area: the first path segment of every protected route, and anything below it (an in-shell 404). */
const protectedSegments = [...new Set(PROTECTED_ROUTES.map(({ path }) => path.split('/')[1]))];
export const PROTECTED_PATH = new RegExp(`^/(?:${protectedSegments.join('|')})(?:/.*)?$`);
