export const DEFAULT_DATA_DIR: string;
export class DataDirLockedError extends Error {}
export function lockHolder(dataDir: string): number | undefined;
export function lockDataDir(dataDir: string, pid?: number): () => void;
