import { describe, expect, it } from 'vitest';
import { addMonths, dayIn } from '../../server/analytics/calendar';
import { resolveWindow } from '../../server/analytics/window';
import { analyticsQuery, type AnalyticsQuery } from '@contract/analytics.contract';

const SYDNEY = 'Australia/Sydney';
const window = (query: AnalyticsQuery, now: string, timeZone = SYDNEY) =>
  resolveWindow(analyticsQuery.parse(query), timeZone, new Date(now));
const span = (w: ReturnType<typeof window>) => [w.start_date, w.end_date, w.days, w.grouping];

describe('resolveWindow: ranges end yesterday in the franchise time zone', () => {
  // 2026-11-22T00:00Z is 11:00 on 22 Nov in Sydney (AEDT, UTC+11).
  const NOW = '2026-11-22T00:00:00Z';

  it('7 days by default, grouped by day, with the 7 days before as previous and today apart', () => {
    expect(window({}, NOW)).toEqual({
      start_date: '2026-11-15',
      end_date: '2026-11-21',
      days: 7,
      grouping: 'daily',
      time_zone: SYDNEY,
      compare: 'previous',
      previous: { start_date: '2026-11-08', end_date: '2026-11-14' },
      today: '2026-11-22',
    });
  });

  it.each([
    ['7days', ['2026-11-15', '2026-11-21', 7, 'daily'], { start_date: '2026-11-08', end_date: '2026-11-14' }],
    ['14days', ['2026-11-08', '2026-11-21', 14, 'daily'], { start_date: '2026-10-25', end_date: '2026-11-07' }],
    ['1month', ['2026-10-22', '2026-11-21', 31, 'weekly'], { start_date: '2026-09-21', end_date: '2026-10-21' }],
    ['3months', ['2026-08-22', '2026-11-21', 92, 'monthly'], { start_date: '2026-05-22', end_date: '2026-08-21' }],
    // A grouping without dates takes its range's window.
    ['daily', ['2026-11-15', '2026-11-21', 7, 'daily'], { start_date: '2026-11-08', end_date: '2026-11-14' }],
    ['weekly', ['2026-10-22', '2026-11-21', 31, 'weekly'], { start_date: '2026-09-21', end_date: '2026-10-21' }],
    ['monthly', ['2026-08-22', '2026-11-21', 92, 'monthly'], { start_date: '2026-05-22', end_date: '2026-08-21' }],
  ] as const)('period=%s → %j, previous %j', (period, expected, previous) => {
    const w = window({ period }, NOW);
    expect(span(w)).toEqual(expected);
    expect(w.previous).toEqual(previous);
    expect(w.today).toBe('2026-11-22');
  });
});

describe('resolveWindow: explicit dates', () => {
  const NOW = '2026-11-22T00:00:00Z';

  it.each([
    [{}, 'daily'],
    [{ period: '14days' }, 'daily'],
    [{ period: '1month' }, 'weekly'],
    [{ period: '3months' }, 'monthly'],
    [{ period: 'daily' }, 'daily'],
    [{ period: 'weekly' }, 'weekly'],
    [{ period: 'monthly' }, 'monthly'],
  ] as const)('are the window exactly; %j groups by %s', (period, grouping) => {
    const w = window({ ...period, start_date: '2026-09-03', end_date: '2026-10-12' }, NOW);
    expect(span(w)).toEqual(['2026-09-03', '2026-10-12', 40, grouping]);
    expect(w.previous).toEqual({ start_date: '2026-07-25', end_date: '2026-09-02' });
  });

  it('may be one day, and may include today or future days', () => {
    const w = window({ start_date: '2026-11-22', end_date: '2026-11-23' }, NOW);
    expect(span(w)).toEqual(['2026-11-22', '2026-11-23', 2, 'daily']);
    expect(w.previous).toEqual({ start_date: '2026-11-20', end_date: '2026-11-21' });
    const one = window({ start_date: '2026-03-01', end_date: '2026-03-01' }, NOW);
    expect(one.days).toBe(1);
    expect(one.previous).toEqual({ start_date: '2026-02-28', end_date: '2026-02-28' });
  });

  it('counts days across a daylight-saving change and a leap day by the calendar', () => {
    expect(window({ start_date: '2026-10-01', end_date: '2026-10-07' }, NOW).days).toBe(7);
    expect(window({ start_date: '2026-04-01', end_date: '2026-04-07' }, NOW).days).toBe(7);
    const leap = window({ start_date: '2028-02-28', end_date: '2028-03-01' }, NOW);
    expect(leap.days).toBe(3);
    expect(leap.previous).toEqual({ start_date: '2028-02-25', end_date: '2028-02-27' });
  });
});

describe('resolveWindow: compare=last_year', () => {
  const NOW = '2026-11-22T00:00:00Z';
  const weekday = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay();

  it.each([
    [{ period: '7days' }, ['2025-11-16', '2025-11-22']],
    // 364 days before a leap day is 2 March, so the window keeps its weekdays rather than its dates.
    [{ start_date: '2028-02-23', end_date: '2028-02-29' }, ['2027-02-24', '2027-03-02']],
    [{ period: 'daily', start_date: '2026-03-01', end_date: '2026-03-31' }, ['2025-03-02', '2025-04-01']],
  ] as const)('%j → previous %j: as many days, ending 364 days before, on the same weekdays', (query, [start, end]) => {
    const w = window({ ...query, compare: 'last_year' }, NOW);
    expect(w.compare).toBe('last_year');
    expect(w.previous).toEqual({ start_date: start, end_date: end });
    expect(weekday(w.previous.start_date)).toBe(weekday(w.start_date));
    expect(weekday(w.previous.end_date)).toBe(weekday(w.end_date));
  });
});

describe('resolveWindow: daylight saving in Sydney', () => {
  it('on the night after clocks go forward (4 Oct 2026, UTC+10 → +11) counts the new offset', () => {
    // 13:30Z is 00:30 on 5 Oct at +11 (it would still be 4 Oct at +10).
    const w = window({}, '2026-10-04T13:30:00Z');
    expect(w.today).toBe('2026-10-05');
    expect(span(w)).toEqual(['2026-09-28', '2026-10-04', 7, 'daily']);
    expect(window({}, '2026-10-04T12:59:00Z').today).toBe('2026-10-04');
  });

  it('on the night after clocks go back (5 Apr 2026, UTC+11 → +10) counts the new offset', () => {
    // 13:30Z is 23:30 on 5 Apr at +10 (it would be 6 Apr at +11).
    expect(window({}, '2026-04-05T13:30:00Z').today).toBe('2026-04-05');
    const w = window({}, '2026-04-05T14:00:00Z');
    expect(w.today).toBe('2026-04-06');
    // The 25-hour day is one day of the window.
    expect(span(w)).toEqual(['2026-03-30', '2026-04-05', 7, 'daily']);
    expect(w.previous).toEqual({ start_date: '2026-03-23', end_date: '2026-03-29' });
  });
});

describe('resolveWindow: month ends and leap years', () => {
  // Noon UTC is the same calendar day in Sydney (22:00 or 23:00).
  it('a month to the last day of a month is that calendar month', () => {
    const w = window({ period: '1month' }, '2026-04-01T01:00:00Z');
    expect(span(w)).toEqual(['2026-03-01', '2026-03-31', 31, 'weekly']);
    expect(w.previous).toEqual({ start_date: '2026-01-29', end_date: '2026-02-28' });
    expect(span(window({ period: '1month' }, '2027-01-01T01:00:00Z'))).toEqual(['2026-12-01', '2026-12-31', 31, 'weekly']);
    expect(span(window({ period: '3months' }, '2026-04-01T01:00:00Z'))).toEqual(['2026-01-01', '2026-03-31', 90, 'monthly']);
  });

  it('on the 31st a month back is clamped to the end of February', () => {
    // Today 31 Mar, yesterday 30 Mar: 31 Mar − 1 month = 28 Feb.
    expect(span(window({ period: '1month' }, '2026-03-31T01:00:00Z'))).toEqual(['2026-02-28', '2026-03-30', 31, 'weekly']);
    // Today 31 May, yesterday 30 May: 31 May − 3 months = 28 Feb.
    expect(span(window({ period: '3months' }, '2026-05-31T01:00:00Z'))).toEqual(['2026-02-28', '2026-05-30', 92, 'monthly']);
  });

  it('includes a leap day', () => {
    const w = window({}, '2028-03-01T01:00:00Z');
    expect(span(w)).toEqual(['2028-02-23', '2028-02-29', 7, 'daily']);
    expect(span(window({ period: '1month' }, '2028-03-01T01:00:00Z'))).toEqual(['2028-02-01', '2028-02-29', 29, 'weekly']);
    expect(span(window({ period: '1month' }, '2028-03-30T01:00:00Z'))).toEqual(['2028-02-29', '2028-03-29', 30, 'weekly']);
    expect(span(window({ period: '1month' }, '2027-03-30T01:00:00Z'))).toEqual(['2027-02-28', '2027-03-29', 30, 'weekly']);
  });
});

describe('resolveWindow: time zones far from UTC near midnight', () => {
  it.each([
    // Kiritimati is UTC+14: 09:59Z is 23:59 on the 22nd, 10:00Z is midnight of the 23rd.
    ['Pacific/Kiritimati', '2026-11-22T09:59:00Z', '2026-11-22', '2026-11-21'],
    ['Pacific/Kiritimati', '2026-11-22T10:00:00Z', '2026-11-23', '2026-11-22'],
    // Pago Pago is UTC−11: 10:59Z is 23:59 on the 21st, 11:00Z is midnight of the 22nd.
    ['Pacific/Pago_Pago', '2026-11-22T10:59:00Z', '2026-11-21', '2026-11-20'],
    ['Pacific/Pago_Pago', '2026-11-22T11:00:00Z', '2026-11-22', '2026-11-21'],
  ])('%s at %s: today %s, window ends %s', (timeZone, now, today, yesterday) => {
    const w = window({}, now, timeZone);
    expect(w.today).toBe(today);
    expect(w.end_date).toBe(yesterday);
    expect(w.time_zone).toBe(timeZone);
  });

  it('dayIn reads the zone, not the process', () => {
    expect(dayIn('Pacific/Kiritimati', new Date('2026-11-22T10:30:00Z'))).toBe('2026-11-23');
    expect(dayIn('Pacific/Pago_Pago', new Date('2026-11-22T10:30:00Z'))).toBe('2026-11-21');
    expect(dayIn('UTC', new Date('2026-11-22T10:30:00Z'))).toBe('2026-11-22');
  });
});

describe('addMonths', () => {
  it.each([
    ['2026-11-23', -1, '2026-10-23'],
    ['2026-03-31', -1, '2026-02-28'],
    ['2028-03-31', -1, '2028-02-29'],
    ['2026-01-15', -3, '2025-10-15'],
    ['2026-05-31', -3, '2026-02-28'],
    ['2026-12-31', 2, '2027-02-28'],
  ] as const)('%s %+d months is %s', (day, months, expected) => {
    expect(addMonths(day, months)).toBe(expected);
  });
});

describe('dayIn: the wall clock is remembered for one UTC minute per zone, never longer', () => {
  it('turns the day at midnight in zones a quarter or three quarters of an hour off UTC, whatever was asked just before', () => {
    // Kathmandu is UTC+5:45 (midnight at 18:15Z); Eucla is UTC+8:45 (midnight at 15:15Z).
    const asked = [
      ['Asia/Kathmandu', '2026-11-22T18:14:59.999Z', '2026-11-22'],
      ['Australia/Eucla', '2026-11-22T18:14:59.999Z', '2026-11-23'],
      ['Asia/Kathmandu', '2026-11-22T18:15:00.000Z', '2026-11-23'],
      ['Australia/Eucla', '2026-11-23T15:14:59.999Z', '2026-11-23'],
      ['Australia/Eucla', '2026-11-23T15:15:00.000Z', '2026-11-24'],
      ['Asia/Kathmandu', '2026-11-22T18:14:00.000Z', '2026-11-22'],
    ] as const;
    expect(asked.map(([zone, at]) => dayIn(zone, new Date(at)))).toEqual(asked.map(([, , day]) => day));
  });
});
