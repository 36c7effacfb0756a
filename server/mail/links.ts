import { pathOf, type EditRoute, type Query, type RouteName } from '@contract/console-paths.js';

/**
 * A console page's address in a mail: the configured public URL (never the request's Host header) and the page's path
 * as the console routes it, so a mail cannot link to an address the console does not have.
 */
export const consoleLink = (publicUrl: string, name: Exclude<RouteName, EditRoute>, query?: Query) => `${publicUrl}${pathOf(name, query)}`;
