export const BULK_LOAD_SETTINGS: string[];
export const TYPE_PARSERS: Record<number, (value: string) => unknown>;
