import type { MenuItem } from '@contract/api/menu.calls';
import type { IngestResult } from '@contract/ingest.contract';
import type { MenuCostRecord } from '@contract/menu.contract';
import { callApi } from './api-error';
import { callsOf } from './call';
import { httpClient, type HttpClient } from './http-client';

export const MENU_LOAD_FAILED = 'The menu could not be loaded';
export const MENU_SAVE_FAILED = 'The costs could not be saved';

/** The Menu page's calls: the menu with prices and today's costs, and the owner's costs (docs/product.md#costs). */
export function createMenuService(client: HttpClient) {
  const call = callsOf(client);
  return {
    list: (): Promise<MenuItem[]> => callApi(MENU_LOAD_FAILED, () => call('GET /franchise/menu-items')),
    /** Rejects with ApiError: 422 carries `errors` keyed by path (`costs[2].cost_cents`). */
    saveCosts: (costs: MenuCostRecord[]): Promise<IngestResult> =>
      callApi(MENU_SAVE_FAILED, () => call('PUT /franchise/menu-items/costs', { body: { costs } })),
  };
}

export type MenuService = ReturnType<typeof createMenuService>;

export const menuService = createMenuService(httpClient);
