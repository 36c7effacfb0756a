/**
 * The console's addresses (contract/console-paths.ts): the route registry (src/routes.ts) routes them, and pages,
 * machines and the shell link to them by name with `pathOf`. Free of React and of the pages, so every layer may import it.
 */
export { PATHS, pathOf, type Query, type RouteName } from '@contract/console-paths';

/** What every page gets from the registry: its title (pages whose view renders its own heading ignore it). */
export type PageProps = { title: string };
