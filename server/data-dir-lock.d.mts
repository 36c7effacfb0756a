export const DEFAULT_DATA_DIR: string;
export class DataDirLockedError extends Error {}
export function lockDataDir(dataDir: string, pid?: number): () => void;
