import type { ActorRefFrom, InspectionEvent } from 'xstate';
import type { MenuSku } from '@contract/api/menu.calls';
import type { IngestResult } from '@contract/ingest.contract';
import { importMachine } from '../../../src/machines/import.machine';
import type { FileRead, ReadFileInput, SavedMapping, SendBatchInput, ValidateInput } from '../../../src/machines/support/import-calls';
import type { DownloadFile } from '../../../src/machines/support/import-downloads';
import type { PreparedFile } from '../../../src/shared/import-spec';
import { ImportContext } from '../../../src/views/import/import.context';
import { ImportView } from '../../../src/views/import/import.view';
import { controllableActor } from './deferred';
import { renderView } from './render-view';

const INPUT = { restaurantIds: [7, 9] };

/** The page's view around a fresh import actor (the owner's restaurants 7 and 9) whose worker and calls the test answers; downloads and saved mappings are recorded. */
export function renderImport({ inspect, saveMapping }: { inspect?: (event: InspectionEvent) => void; saveMapping?: boolean } = {}) {
  const reader = controllableActor<FileRead, ReadFileInput>();
  const checker = controllableActor<PreparedFile, ValidateInput>();
  const sender = controllableActor<IngestResult, SendBatchInput>();
  const menu = controllableActor<MenuSku[]>();
  const downloads: DownloadFile[] = [];
  const saved: SavedMapping[] = [];
  let actor: ActorRefFrom<typeof importMachine> | undefined;
  function Grab() {
    actor = ImportContext.useActorRef();
    return null;
  }
  const view = renderView(() => (
    <ImportContext.Provider
      options={{ inspect, input: INPUT }}
      logic={importMachine.provide({
        actors: { readFile: reader.logic, validateRows: checker.logic, sendBatch: sender.logic, loadMenu: menu.logic },
        actions: {
          downloadTemplate: (_, file) => downloads.push(file),
          downloadErrors: (_, file) => downloads.push(file),
          ...(saveMapping ? {} : { saveMapping: (_: unknown, entry: SavedMapping) => void saved.push(entry) }),
        },
        // The test sends the delay's event itself, as the clock would after the server's wait.
        delays: { retryDelay: 3_600_000 },
      })}
    >
      <Grab />
      <ImportView />
    </ImportContext.Provider>
  ));
  return { ...view, reader, checker, sender, menu, downloads, saved, actor: () => actor! };
}
