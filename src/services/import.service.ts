import { addressOf } from '@contract/api/call';
import type { Calls } from '@contract/api/calls';
import type { MenuSku } from '@contract/api/menu.calls';
import type { IngestKind, IngestResult } from '@contract/ingest.contract';
import { MAPPING_STORAGE_PREFIX, type ColumnMapping } from '../shared/import-spec';
import { callApi } from './api-error';
import { callsOf } from './call';
import { httpClient, type HttpClient } from './http-client';

export const IMPORT_FAILED = 'The import call failed';
export const MENU_FAILED = 'The menu could not be loaded';

/** The console's import call with the ingest call's body, already as JSON text (so not through the typed `call`, which takes objects). */
export function createImportService(client: HttpClient) {
  const call = callsOf(client);
  return {
    /** The franchise's menu items: the SKUs an orders file may name. */
    menu: (): Promise<MenuSku[]> => callApi(MENU_FAILED, () => call('GET /franchise/menu-items')),
    /** Rejects with ApiError: 422 carries `errors` keyed by path (`orders[3].lines[0].sku`), 429 asks to wait. */
    send: (kind: IngestKind, body: string) => {
      const { method, path } = addressOf('POST /franchise/import/{kind}' satisfies keyof Calls, { kind });
      return callApi<IngestResult>(IMPORT_FAILED, () => client.request<IngestResult>(path, { method, body }));
    },
  };
}

export type ImportService = ReturnType<typeof createImportService>;

export const importService = createImportService(httpClient);

/** The column mapping the owner chose last for a kind, kept in this browser for the next file of that kind. */
export const importMappings = {
  load(kind: IngestKind, storage: Storage = localStorage): ColumnMapping | null {
    try {
      const value: unknown = JSON.parse(storage.getItem(`${MAPPING_STORAGE_PREFIX}${kind}`) ?? 'null');
      if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
      return Object.fromEntries(Object.entries(value).filter(([, column]) => typeof column === 'string' || column === null));
    } catch {
      return null;
    }
  },
  save(kind: IngestKind, mapping: ColumnMapping, storage: Storage = localStorage): void {
    try {
      storage.setItem(`${MAPPING_STORAGE_PREFIX}${kind}`, JSON.stringify(mapping));
    } catch {
      // Storage full or blocked: the owner maps again next time.
    }
  },
};
