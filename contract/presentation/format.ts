// Display formats (docs/product.md#constants; the screen's and the PDF exports'), in Australian English: "$1,234.56", "1,234", "96.3%", "+12.4%", "16 Nov 2026".
import { MONTHS } from './labels';

const LOCALE = 'en-AU';

const CURRENCY = new Intl.NumberFormat(LOCALE, { style: 'currency', currency: 'AUD', currencyDisplay: 'narrowSymbol' });
const PERCENT = new Intl.NumberFormat(LOCALE, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const SIGNED_PERCENT = new Intl.NumberFormat(LOCALE, { minimumFractionDigits: 1, maximumFractionDigits: 1, signDisplay: 'exceptZero' });
const numberFormats = new Map<number, Intl.NumberFormat>();

/** Dollars with a $ and two decimals: "$1,234.56", "-$3.50". */
export const formatCurrency = (dollars: number): string => CURRENCY.format(dollars);

const SIGNED_CURRENCY = new Intl.NumberFormat(LOCALE, {
  style: 'currency',
  currency: 'AUD',
  currencyDisplay: 'narrowSymbol',
  signDisplay: 'exceptZero',
});

/** Dollars with their sign, for a difference: "+$1,234.56", "-$3.50", "$0.00". */
export const formatSignedCurrency = (dollars: number): string => SIGNED_CURRENCY.format(dollars);

const WHOLE_CURRENCY = new Intl.NumberFormat(LOCALE, {
  style: 'currency',
  currency: 'AUD',
  currencyDisplay: 'narrowSymbol',
  maximumFractionDigits: 0,
});

/** Whole dollars, for chart axes: "$21,000". */
export const formatWholeCurrency = (dollars: number): string => WHOLE_CURRENCY.format(dollars);

/** Grouped thousands with a fixed number of decimals: "1,234", "1,234.50". */
export function formatNumber(value: number, digits = 0): string {
  let format = numberFormats.get(digits);
  if (!format) {
    format = new Intl.NumberFormat(LOCALE, { minimumFractionDigits: digits, maximumFractionDigits: digits });
    numberFormats.set(digits, format);
  }
  return format.format(value);
}

/** A percentage already scaled to 100, one decimal: "96.3%". */
export const formatPercent = (percent: number): string => `${PERCENT.format(percent)}%`;

/** The change from `previous` to `current` in percent, or null when there is nothing to compare with. */
export function percentChange(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return ((current - previous) / Math.abs(previous)) * 100;
}

/** A change with its sign: "+12.4%", "-3.0%", "0.0%" (no sign when it rounds to zero). */
export const formatSignedPercent = (percent: number): string => `${SIGNED_PERCENT.format(percent)}%`;

/**
 * What a stat card says under its figure, on screen and in a PDF: "+12.4% vs previous 7 days" or
 * "no previous data" (no previous figure, or zero), and which way the change went to one decimal.
 */
export function changeVersus(
  current: number,
  previous: number | null,
  comparedWith: string,
): { text: string; direction: 'up' | 'down' | 'flat' } {
  const change = previous === null ? null : percentChange(current, previous);
  if (change === null) return { text: 'no previous data', direction: 'flat' };
  const rounded = Math.round(change * 10);
  return { text: `${formatSignedPercent(change)} vs ${comparedWith}`, direction: rounded > 0 ? 'up' : rounded < 0 ? 'down' : 'flat' };
}

// Calendar days ('YYYY-MM-DD') are spelt from their digits with the answers' month names: no time zone can
// move them, and every runtime prints "Sep" (Intl's en-AU says "Sept" in some and "Sep" in others).
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const parts = (day: string) => {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return { year, month: MONTHS[month - 1], date, weekday: WEEKDAYS[new Date(Date.UTC(year, month - 1, date)).getUTCDay()] };
};

/** "16 Nov 2026". */
export const formatDay = (day: string) => {
  const { year, month, date } = parts(day);
  return `${date} ${month} ${year}`;
};
/** The days a window covers as the pages, the PDF and the report mail write them: "16 Nov 2026 – 22 Nov 2026", or one day alone. */
export const formatDays = (start: string, end: string) => (start === end ? formatDay(start) : `${formatDay(start)} – ${formatDay(end)}`);
/** "16 Nov", for chart axes. */
export const formatDayMonth = (day: string) => {
  const { month, date } = parts(day);
  return `${date} ${month}`;
};
/** "Mon 23 Nov": a day bucket's label, an alert mail's subject. */
export const formatWeekday = (day: string) => `${parts(day).weekday} ${formatDayMonth(day)}`;
/** "Mon 23 Nov 2026". */
export const formatWeekdayYear = (day: string) => `${parts(day).weekday} ${formatDay(day)}`;
/** "Nov 2026". */
export const formatMonth = (day: string) => {
  const { year, month } = parts(day);
  return `${month} ${year}`;
};

/** A whole hour of a day's clock: "07:00" (report mails, alert rules' "no trade by" hour). */
export const hourLabel = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

const clocks = new Map<string, Intl.DateTimeFormat>();

/**
 * "25 Nov 2026, 14:05", with `zone` "25 Nov 2026, 14:05 AEDT": an instant on the clock of `timeZone`, the
 * franchise's, its month spelt as the days' are.
 */
export function formatInstant(at: string, timeZone: string, { zone = false }: { zone?: boolean } = {}): string {
  let clock = clocks.get(timeZone);
  if (!clock) {
    clock = new Intl.DateTimeFormat('en-AU', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'short',
    });
    clocks.set(timeZone, clock);
  }
  const part = Object.fromEntries(clock.formatToParts(new Date(at)).map(({ type, value }) => [type, value]));
  const time = `${Number(part.day)} ${MONTHS[Number(part.month) - 1]} ${part.year}, ${part.hour}:${part.minute}`;
  return zone ? `${time} ${part.timeZoneName}` : time;
}
