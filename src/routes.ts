import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { NavIcon, NavItem } from './ui/nav-items';

/** Every page gets its registry title; pages whose view renders its own heading ignore it. */
export type PageProps = { title: string };

export type AppRoute = {
  /** A wouter pattern, matched exactly; unknown paths below a protected one get the in-shell 404. */
  path: string;
  title: string;
  /** Public pages need no session; protected ones render behind the guard, inside the console shell. */
  access: 'public' | 'protected';
  page: LazyExoticComponent<ComponentType<PageProps>>;
  /** A sidebar entry, listed in registry order. */
  nav?: { label: string; icon: NavIcon };
};

// Create and edit in one chunk; the path picks the mode.
const UserFormPage = lazy(() => import('./views/users/user-form.page'));
/** The five analytics pages: one chunk, one machine and view; each shows the report of its path. */
const AnalyticsPage = lazy(() => import('./views/analytics/analytics.page'));

/**
 * The one route registry (spec §2): the router, the sidebar and the protected-area matcher derive from it.
 * It is part of the sign-in chunk, so pages are lazy and icons are named, not imported. Sign-in (`/`) itself
 * is rendered eagerly by app.tsx.
 */
export const ROUTES: readonly AppRoute[] = [
  { path: '/forgot-password', title: 'Forgot Password', access: 'public', page: lazy(() => import('./views/auth/forgot-password.page')) },
  { path: '/change-password', title: 'Change Password', access: 'public', page: lazy(() => import('./views/auth/change-password.page')) },
  {
    path: '/dashboard',
    title: 'Dashboard',
    access: 'protected',
    page: lazy(() => import('./views/dashboard/dashboard.page')),
    nav: { label: 'Dashboard', icon: 'dashboard' },
  },
  {
    path: '/user',
    title: 'User Dashboard',
    access: 'protected',
    page: lazy(() => import('./views/users/user-list.page')),
    nav: { label: 'User Management', icon: 'users' },
  },
  { path: '/user/create', title: 'Create User', access: 'protected', page: UserFormPage },
  { path: '/user/edit', title: 'Edit User', access: 'protected', page: UserFormPage },
  {
    path: '/restaurant',
    title: 'Restaurant Management',
    access: 'protected',
    page: lazy(() => import('./views/restaurants/restaurant-list.page')),
    nav: { label: 'Restaurant Management', icon: 'store' },
  },
  {
    path: '/restaurant/create',
    title: 'Add Restaurant',
    access: 'protected',
    page: lazy(() => import('./views/restaurants/restaurant-create.page')),
  },
  {
    path: '/restaurant/edit',
    title: 'Edit Restaurant',
    access: 'protected',
    page: lazy(() => import('./views/restaurants/restaurant-edit.page')),
  },
  {
    path: '/headcount',
    title: 'Headcount',
    access: 'protected',
    page: AnalyticsPage,
    nav: { label: 'Headcount', icon: 'headcount' },
  },
  { path: '/order', title: 'Order', access: 'protected', page: AnalyticsPage, nav: { label: 'Order', icon: 'cart' } },
  {
    path: '/procurement',
    title: 'Procurement',
    access: 'protected',
    page: AnalyticsPage,
    nav: { label: 'Procurement', icon: 'clipboard' },
  },
  { path: '/revenue', title: 'Revenue', access: 'protected', page: AnalyticsPage, nav: { label: 'Revenue', icon: 'chart' } },
  {
    path: '/roster',
    title: 'Roster & Productivity',
    access: 'protected',
    page: AnalyticsPage,
    nav: { label: 'Productivity', icon: 'clock' },
  },
  {
    path: '/integrations',
    title: 'Integrations',
    access: 'protected',
    page: lazy(() => import('./views/integrations/integrations.page')),
    nav: { label: 'Integrations', icon: 'plug' },
  },
  {
    path: '/import',
    title: 'Data Import',
    access: 'protected',
    page: lazy(() => import('./views/import/import.page')),
    nav: { label: 'Data Import', icon: 'import' },
  },
  {
    path: '/profile',
    title: 'Profile',
    access: 'protected',
    page: lazy(() => import('./views/profile/profile.page')),
    nav: { label: 'Profile', icon: 'profile' },
  },
];

export const PUBLIC_ROUTES = ROUTES.filter((route) => route.access === 'public');
export const PROTECTED_ROUTES = ROUTES.filter((route) => route.access === 'protected');

/** The sidebar; Logout follows it as a button of the shell. */
export const NAV_ITEMS: readonly NavItem[] = ROUTES.flatMap(({ path, nav }) => (nav ? [{ ...nav, href: path }] : []));

/** The protected area: the first path segment of every protected route, and anything below it (an in-shell 404). */
const protectedSegments = [...new Set(PROTECTED_ROUTES.map(({ path }) => path.split('/')[1]))];
export const PROTECTED_PATH = new RegExp(`^/(?:${protectedSegments.join('|')})(?:/.*)?$`);
