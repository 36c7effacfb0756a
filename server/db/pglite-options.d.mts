export const TYPE_PARSERS: Record<number, (value: string) => unknown>;
