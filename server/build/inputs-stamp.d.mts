export function filesUnder(path: string): string[];
export function inputsStamp(root: string, inputs: string[]): string;
