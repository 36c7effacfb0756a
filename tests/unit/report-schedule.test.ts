import { describe, expect, it } from 'vitest';
import { latestDue, nextRun, type Schedule } from '../../server/reports/schedule';

const SYDNEY = 'Australia/Sydney';
const run = (schedule: Schedule, after: string, timeZone = SYDNEY) => {
  const slot = nextRun(schedule, timeZone, new Date(after));
  return [slot.at.toISOString(), slot.period];
};
const daily = (hour: number): Schedule => ({ frequency: 'daily', weekday: null, hour });
const weekly = (weekday: number, hour: number): Schedule => ({ frequency: 'weekly', weekday, hour });

/** The slots one after another from `after`, `count` of them. */
function chain(schedule: Schedule, after: string, count: number, timeZone = SYDNEY) {
  const slots: [string, string][] = [];
  let at = new Date(after);
  for (let i = 0; i < count; i++) {
    const slot = nextRun(schedule, timeZone, at);
    slots.push([slot.at.toISOString(), slot.period]);
    at = slot.at;
  }
  return slots;
}

// Sydney: AEST (+10) to AEDT (+11) at 02:00 on Sunday 4 October 2026; back at 03:00 on Sunday 5 April 2026.
describe('nextRun: Monday 07:00 in Sydney', () => {
  it('keeps 07:00 on the wall clock when daylight saving starts', () => {
    expect(chain(weekly(1, 7), '2026-09-22T00:00:00Z', 3)).toEqual([
      ['2026-09-27T21:00:00.000Z', '2026-09-28T07'],
      ['2026-10-04T20:00:00.000Z', '2026-10-05T07'],
      ['2026-10-11T20:00:00.000Z', '2026-10-12T07'],
    ]);
  });

  it('keeps 07:00 on the wall clock when daylight saving ends', () => {
    expect(chain(weekly(1, 7), '2026-03-25T00:00:00Z', 3)).toEqual([
      ['2026-03-29T20:00:00.000Z', '2026-03-30T07'],
      ['2026-04-05T21:00:00.000Z', '2026-04-06T07'],
      ['2026-04-12T21:00:00.000Z', '2026-04-13T07'],
    ]);
  });

  it('is strictly after: at a slot, the next one is a week later', () => {
    expect(run(weekly(1, 7), '2026-11-29T20:00:00.000Z')).toEqual(['2026-12-06T20:00:00.000Z', '2026-12-07T07']);
    expect(run(weekly(1, 7), '2026-11-29T19:59:59.999Z')).toEqual(['2026-11-29T20:00:00.000Z', '2026-11-30T07']);
  });
});

describe('nextRun: daily at 02:00 on the transition days', () => {
  it('sends once, at 03:00 AEDT, on the day 02:00 does not exist', () => {
    expect(chain(daily(2), '2026-10-02T12:00:00Z', 3)).toEqual([
      ['2026-10-02T16:00:00.000Z', '2026-10-03T02'],
      // 02:00 AEST is 16:00Z, the instant the clock jumps to 03:00 AEDT.
      ['2026-10-03T16:00:00.000Z', '2026-10-04T02'],
      ['2026-10-04T15:00:00.000Z', '2026-10-05T02'],
    ]);
  });

  it('sends once, at the first 02:00, on the day 02:00 happens twice', () => {
    expect(chain(daily(2), '2026-04-03T12:00:00Z', 3)).toEqual([
      ['2026-04-03T15:00:00.000Z', '2026-04-04T02'],
      // The first 02:00 (AEDT); the second, an hour later at 16:00Z, is not a slot.
      ['2026-04-04T15:00:00.000Z', '2026-04-05T02'],
      ['2026-04-05T16:00:00.000Z', '2026-04-06T02'],
    ]);
    expect(run(daily(2), '2026-04-04T16:00:00Z')).toEqual(['2026-04-05T16:00:00.000Z', '2026-04-06T02']);
  });

  it('sends at 03:00 on the day the clock leaves 02:00 out in New York', () => {
    // 8 March 2026: 02:00 EST jumps to 03:00 EDT at 07:00Z.
    expect(chain(daily(2), '2026-03-07T00:00:00Z', 3, 'America/New_York')).toEqual([
      ['2026-03-07T07:00:00.000Z', '2026-03-07T02'],
      ['2026-03-08T07:00:00.000Z', '2026-03-08T02'],
      ['2026-03-09T06:00:00.000Z', '2026-03-09T02'],
    ]);
  });

  it('has exactly one slot on every day of a year, at every hour', () => {
    for (const hour of [0, 1, 2, 3, 23]) {
      const slots = chain(daily(hour), '2025-12-31T12:59:00Z', 365);
      expect(new Set(slots.map(([, period]) => period.slice(0, 10))).size).toBe(365);
      expect(slots[0]![1]).toBe(`2026-01-01T${String(hour).padStart(2, '0')}`);
      expect(slots.at(-1)![1]).toBe(`2026-12-31T${String(hour).padStart(2, '0')}`);
    }
  });
});

describe('nextRun: edges of the day and week', () => {
  it('hour 0 and hour 23', () => {
    // 12:00Z on 25 Nov is 23:00 AEDT.
    expect(run(daily(0), '2026-11-25T12:00:00Z')).toEqual(['2026-11-25T13:00:00.000Z', '2026-11-26T00']);
    expect(run(daily(23), '2026-11-25T11:59:59.999Z')).toEqual(['2026-11-25T12:00:00.000Z', '2026-11-25T23']);
    expect(run(daily(23), '2026-11-25T12:00:00Z')).toEqual(['2026-11-26T12:00:00.000Z', '2026-11-26T23']);
  });

  it('weekday 7 is Sunday', () => {
    expect(run(weekly(7, 9), '2026-11-25T00:00:00Z')).toEqual(['2026-11-28T22:00:00.000Z', '2026-11-29T09']);
    expect(run(weekly(7, 23), '2026-11-29T12:00:00Z')).toEqual(['2026-12-06T12:00:00.000Z', '2026-12-06T23']);
  });
});

describe('latestDue', () => {
  it('skips to the latest slot not after now, however long ago the due one was', () => {
    const slot = latestDue(weekly(1, 7), SYDNEY, new Date('2026-09-27T21:00:00Z'), new Date('2026-10-20T00:00:00Z'));
    expect([slot.at.toISOString(), slot.period]).toEqual(['2026-10-18T20:00:00.000Z', '2026-10-19T07']);
    const long = latestDue(daily(7), SYDNEY, new Date('2025-01-01T20:00:00Z'), new Date('2026-11-25T20:00:00Z'));
    expect([long.at.toISOString(), long.period]).toEqual(['2026-11-25T20:00:00.000Z', '2026-11-26T07']);
  });

  it('is the due slot itself when nothing later is due', () => {
    const slot = latestDue(daily(7), SYDNEY, new Date('2026-11-25T20:00:00Z'), new Date('2026-11-25T20:00:00Z'));
    expect(slot.period).toBe('2026-11-26T07');
  });
});
