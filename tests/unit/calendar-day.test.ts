import fc from 'fast-check';
import { FIRST_DAY, isCalendarDay, isDayFrom2000 } from '@contract/calendar-day';

// What a calendar day is, once for the API's schemas and the console's URL filters: the model is the day
// the text names read back through Date (a day that does not exist rolls over into another).
const named = (text: string) => {
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
};

describe('isCalendarDay', () => {
  it('takes the days that exist and refuses the rest', () => {
    for (const day of ['2024-02-29', '2026-12-31', '1999-01-01', '0001-01-01']) expect(isCalendarDay(day)).toBe(true);
    for (const text of ['2026-02-29', '2026-02-30', '2026-13-01', '2026-00-10', '2026-1-01', '2026-01-01T00:00', ' 2026-01-01', ''])
      expect(isCalendarDay(text), text).toBe(false);
  });

  it('agrees with Date on every YYYY-MM-DD text, however wrong its month or day', () => {
    let reached = 0;
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 99 }), fc.integer({ min: 0, max: 99 }), (y, m, d) => {
        const text = `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
        reached += 1;
        expect(isCalendarDay(text)).toBe(named(text));
      }),
      { numRuns: 2000 },
    );
    expect(reached).toBe(2000);
  });

  it('from 2000 on: the floor the import and the activity log keep', () => {
    expect(isDayFrom2000(FIRST_DAY)).toBe(true);
    expect(isDayFrom2000('1999-12-31')).toBe(false);
    expect(isDayFrom2000('2000-02-30')).toBe(false);
  });
});
