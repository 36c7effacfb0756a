/**
 * Every address of the console, written once: the route registry (src/routes.ts) routes them, and pages, machines and
 * the shell link to them by name with `pathOf`. Free of React and of the pages, so every layer may import it.
 */
export const PATHS = {
  signIn: '/',
  forgotPassword: '/forgot-password',
  changePassword: '/change-password',
  unsubscribe: '/unsubscribe',
  dashboard: '/dashboard',
  users: '/user',
  userCreate: '/user/create',
  userEdit: '/user/edit',
  restaurants: '/restaurant',
  restaurantCreate: '/restaurant/create',
  restaurantEdit: '/restaurant/edit',
  // The analytics pages are named as the contract names them (`AnalyticsPage`), so a page's name is its route's.
  headcount: '/headcount',
  order: '/order',
  procurement: '/procurement',
  revenue: '/revenue',
  roster: '/roster',
  integrations: '/integrations',
  import: '/import',
  team: '/team',
  memberInvite: '/team/invite',
  memberEdit: '/team/edit',
  activity: '/activity',
  alerts: '/alerts',
  alertRules: '/alerts/rules',
  alertRuleCreate: '/alerts/rules/create',
  alertRuleEdit: '/alerts/rules/edit',
  profile: '/profile',
} as const;

export type RouteName = keyof typeof PATHS;

/** The edit pages read their record's id from the query (`/user/edit?id=7`): a link to one must name it. */
type EditRoute = 'userEdit' | 'restaurantEdit' | 'memberEdit' | 'alertRuleEdit';

/** A query's parameters, in order; unset ones (null, undefined) are left out. */
export type Query = URLSearchParams | Readonly<Record<string, string | number | null | undefined>>;

/** The address of a route, with its query if any is set: `pathOf('userEdit', { id: 7 })` is `/user/edit?id=7`. */
export function pathOf<N extends RouteName>(name: N, ...[query]: N extends EditRoute ? [{ id: number }] : [Query?]): string {
  const params =
    query instanceof URLSearchParams
      ? query
      : new URLSearchParams(Object.entries(query ?? {}).flatMap(([key, value]) => (value == null ? [] : [[key, String(value)]])));
  const search = params.toString();
  return search ? `${PATHS[name]}?${search}` : PATHS[name];
}

/** What every page gets from the registry: its title (pages whose view renders its own heading ignore it). */
export type PageProps = { title: string };
