import * as z from 'zod';

/**
 * A branch's clock: its IANA time zone and the local time its trading day starts. An order belongs to
 * the local date of its placed_at minus the day start, so late trade after midnight counts as the day before.
 */

/** Whether the runtime knows `zone` as a time zone. */
export const isTimeZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat('en-AU', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

export const UNKNOWN_TIME_ZONE_MESSAGE = 'Unknown time zone (use an IANA name such as Australia/Sydney)';

/** An IANA zone name; an offset such as "+10:00" is refused, as PostgreSQL reads its sign the other way round. */
export const timeZoneName = z
  .string(UNKNOWN_TIME_ZONE_MESSAGE)
  .regex(/^[A-Za-z]/, { message: UNKNOWN_TIME_ZONE_MESSAGE, abort: true })
  .refine(isTimeZone, UNKNOWN_TIME_ZONE_MESSAGE);

/** The latest a trading day may start: late trade belongs to the day before, breakfast to the new one. */
export const LATEST_DAY_START_MINUTES = 360;
export const DEFAULT_DAY_START = '00:00';
export const DAY_START_MESSAGE = 'Day start must be a time "HH:MM" from 00:00 to 06:00';

/** "HH:MM" to minutes after midnight. */
export const dayStartMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Minutes after midnight to "HH:MM". */
export const dayStartText = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

export const dayStartsAt = z
  .string(DAY_START_MESSAGE)
  .regex(/^\d{2}:[0-5]\d$/, { message: DAY_START_MESSAGE, abort: true })
  .refine((hhmm) => dayStartMinutes(hhmm) <= LATEST_DAY_START_MINUTES, DAY_START_MESSAGE);
