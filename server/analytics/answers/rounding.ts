// Inputs are integer cents, minutes and counts, so each figure is rounded once.

export const dollars = (cents: number) => cents / 100;
/** cents / n in dollars, to the cent; 0 when n is 0. */
export const perDollars = (cents: number, n: number) => (n === 0 ? 0 : Math.round(cents / n) / 100);
export const hours = (minutes: number) => Math.round((minutes * 100) / 60) / 100;
/** part / whole in %, one decimal; 0 when whole is 0. */
export const percent = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part * 1000) / whole) / 10);
/** Dollars per hour = (cents / 100) / (minutes / 60), to the cent; 0 without minutes. */
export const perHour = (cents: number, minutes: number) => (minutes === 0 ? 0 : Math.round((cents * 60) / minutes) / 100);

/** Code-point order, the same on every database and collation. */
export const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
