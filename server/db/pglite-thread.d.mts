export class PgliteThread {
  constructor(source: { dataDir?: string; loadDataDir?: Uint8Array; settings?: string[] });
  readonly waitReady: Promise<void>;
  readonly closed: boolean;
  query<R>(sql: string, params?: unknown[], options?: { blob?: Blob }): Promise<{ rows: R[]; affectedRows?: number }>;
  dumpDataDir(): Promise<Blob>;
  close(): Promise<void>;
}
export function openEmbedded(dataDir: string, settings?: string[]): PgliteThread;
