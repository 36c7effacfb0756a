/**
 * Every address of the console, written once: the SPA's route registry routes them, its pages, machines and shell link
 * to them by name with `pathOf`, and the server's mails link to them with the same names (server/mail/links.ts).
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
  loss: '/loss',
  costs: '/costs',
  'menu-engineering': '/menu-engineering',
  menu: '/menu',
  integrations: '/integrations',
  import: '/import',
  team: '/team',
  memberInvite: '/team/invite',
  memberEdit: '/team/edit',
  activity: '/activity',
  targets: '/targets',
  alerts: '/alerts',
  alertRules: '/alerts/rules',
  alertRuleCreate: '/alerts/rules/create',
  alertRuleEdit: '/alerts/rules/edit',
  profile: '/profile',
} as const;

export type RouteName = keyof typeof PATHS;

/** The edit pages read their record's id from the query (`/user/edit?id=7`): a link to one must name it. */
export type EditRoute = 'userEdit' | 'restaurantEdit' | 'memberEdit' | 'alertRuleEdit';

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
