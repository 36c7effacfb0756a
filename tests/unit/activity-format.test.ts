import { describe, expect, it } from 'vitest';
import { formatInstant } from '@contract/presentation/format';
import { changeLines } from '../../src/views/activity/activity-format';

const names = new Map([
  [7, 'Parramatta'],
  [9, 'Bondi Beach'],
]);

describe('activity entries as the page reads them', () => {
  it('spells the instant on the franchise clock, daylight saving included, with the answers’ month names', () => {
    expect(formatInstant('2026-09-15T01:05:00.000Z', 'Australia/Sydney')).toBe('15 Sep 2026, 11:05');
    expect(formatInstant('2026-11-15T01:05:00.000Z', 'Australia/Sydney')).toBe('15 Nov 2026, 12:05');
    expect(formatInstant('2026-11-15T01:05:00.000Z', 'Australia/Perth')).toBe('15 Nov 2026, 09:05');
    expect(formatInstant('2026-12-31T23:30:00.000Z', 'Australia/Sydney')).toBe('1 Jan 2027, 10:30');
  });

  it('writes each change as "field: before → after", nothing as a dash, and a secret as changed only', () => {
    expect(
      changeLines(
        {
          street_address: ['1 George St', null],
          capacity: [40, 60],
          status: ['Active', 'Inactive'],
          picture: [null, ''],
          password: [null, 'changed'],
          flags: [false, true],
          settings: [{ a: 1 }, null],
        },
        names,
      ),
    ).toEqual([
      'street address: 1 George St → —',
      'capacity: 40 → 60',
      'status: Active → Inactive',
      'picture: — → —',
      'password: changed',
      'flags: No → Yes',
      'settings: {"a":1} → —',
    ]);
  });

  it("names a manager's branches and a person's restaurant, and a restaurant the list does not know by its id", () => {
    expect(changeLines({ restaurant_ids: [[7], [9, 3]], restaurant_id: [7, 9] }, names)).toEqual([
      'branches: Parramatta → Bondi Beach, #3',
      'restaurant: Parramatta → Bondi Beach',
    ]);
    expect(changeLines({ restaurant_ids: [[], [7]] }, names)).toEqual(['branches: — → Parramatta']);
  });

  it("names coded values as the forms do: a restaurant's status, an alert rule's kind, a member's role", () => {
    expect(
      changeLines({ status: [1, 0], kind: [null, 'no_trade'], role: ['manager', 'owner'], day_starts_at: ['00:00', '04:00'] }, names),
    ).toEqual(['status: Active → Inactive', 'kind: — → No trade by an hour', 'role: Manager → Owner', 'day starts at: 00:00 → 04:00']);
  });
});
