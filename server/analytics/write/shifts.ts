import type { Db } from '../../db/database.js';
import { anyOf } from '../../db/typed-sql.js';
import { HOURS_COUNTERS } from './rollup-columns.js';
import { removeSent, recordSent, rowKind, type RecordRef, type RollupWrite, type SentRecord } from './sent.js';
import { addRunning, addToRollup, addToRunningRollup, monthOf, type Cell, type RunningRow } from './statements.js';

export type ShiftInput = {
  restaurantId: number;
  personId: number;
  /** YYYY-MM-DD, the calendar day in the franchise's time zone. */
  day: string;
  assignedMinutes: number;
  actualMinutes: number;
  hourlyRateCents: number;
  attended: boolean;
} & SentRecord;

/** Labour cost of one shift: actual minutes × hourly rate / 60, rounded to the nearest cent (half up) per shift. */
export const labourCostCents = (actualMinutes: number, hourlyRateCents: number) => Math.round((actualMinutes * hourlyRateCents) / 60);

type Row = { keys: Cell[]; counters: number[] };

/** The net change a batch makes to the staff-hours rollups. */
class ShiftRollups {
  // Keys, then counters in HOURS_COUNTERS order.
  private readonly hours = new Map<string, Row>();
  private readonly franchiseHours = new Map<string, Row>();
  private readonly monthlyHours = new Map<string, RunningRow>();
  private readonly monthlyLabour = new Map<string, RunningRow>();

  constructor(private readonly franchiseId: number) {}

  add(s: Omit<ShiftInput, keyof SentRecord>, sign: 1 | -1): void {
    const counters = [s.assignedMinutes, s.actualMinutes, labourCostCents(s.actualMinutes, s.hourlyRateCents), 1, s.attended ? 1 : 0].map(
      (n) => sign * n,
    );
    const addTo = (rows: Map<string, Row>, key: string, keys: Cell[]) => {
      const row = rows.get(key) ?? rows.set(key, { keys, counters: HOURS_COUNTERS.map(() => 0) }).get(key)!;
      for (const [c, n] of counters.entries()) row.counters[c]! += n;
    };
    addTo(this.hours, `${s.restaurantId}|${s.day}|${s.personId}`, [s.restaurantId, s.day, s.personId]);
    addTo(this.franchiseHours, s.day, [this.franchiseId, s.day]);
    // Running totals of what the staff list sums over a window: assigned and actual minutes, shifts.
    addRunning(this.monthlyHours, `${s.restaurantId}|${s.personId}`, [s.restaurantId, s.personId], s.day, counters, [
      counters[0]!,
      counters[1]!,
      counters[3]!,
    ]);
    // The branch's month: its shifts, and running labour cost for the branch comparison.
    addRunning(this.monthlyLabour, String(s.restaurantId), [s.restaurantId], s.day, [counters[3]!], [counters[2]!]);
  }

  async write(trx: Db, { takenOut, newDays }: RollupWrite): Promise<void> {
    const rowsOf = (rows: Map<string, Row>) => [...rows.values()].map((r) => [...r.keys, ...r.counters]);
    await addToRollup(trx, 'daily_staff_hours', rowsOf(this.hours), newDays);
    await addToRollup(trx, 'daily_franchise_staff_hours', rowsOf(this.franchiseHours), newDays);
    await addToRunningRollup(trx, 'monthly_staff_hours', [...this.monthlyHours.values()]);
    await addToRunningRollup(trx, 'monthly_restaurant_labour', [...this.monthlyLabour.values()]);
    if (!takenOut) return;
    const keys = [...this.hours.values()].map((r) => r.keys as [number, string, number]);
    const restaurants = anyOf([...new Set(keys.map(([r]) => r))], 'int');
    const dayList = [...new Set(keys.map(([, d]) => d))];
    const days = anyOf(dayList, 'date');
    await trx
      .deleteFrom('daily_staff_hours')
      .where('restaurant_id', '=', restaurants)
      .where('day', '=', days)
      .where('shifts', '=', 0)
      .execute();
    await trx
      .deleteFrom('daily_franchise_staff_hours')
      .where('franchise_id', '=', this.franchiseId)
      .where('day', '=', days)
      .where('shifts', '=', 0)
      .execute();
    const months = anyOf([...new Set(dayList.map(monthOf))], 'date');
    await trx
      .deleteFrom('monthly_staff_hours')
      .where('restaurant_id', '=', restaurants)
      .where('month', '=', months)
      .where('shifts', '=', 0)
      .execute();
    await trx
      .deleteFrom('monthly_restaurant_labour')
      .where('restaurant_id', '=', restaurants)
      .where('month', '=', months)
      .where('shifts', '=', 0)
      .execute();
  }
}

const SHIFTS = rowKind({
  table: 'staff_shifts',
  owned: [{ table: 'people', ids: (s: ShiftInput) => [s.personId] }],
  columns: [
    ['restaurant_id', 'int'],
    ['person_id', 'int'],
    ['day', 'date'],
    ['assigned_minutes', 'int'],
    ['actual_minutes', 'int'],
    ['hourly_rate_cents', 'int'],
    ['attended', 'boolean'],
  ],
  cells: (s) => [s.restaurantId, s.personId, s.day, s.assignedMinutes, s.actualMinutes, s.hourlyRateCents, s.attended],
  fromRow: (r) => ({
    restaurantId: r.restaurant_id as number,
    personId: r.person_id as number,
    day: r.day as string,
    assignedMinutes: r.assigned_minutes as number,
    actualMinutes: r.actual_minutes as number,
    hourlyRateCents: r.hourly_rate_cents as number,
    attended: r.attended as boolean,
  }),
  rollups: (franchiseId) => new ShiftRollups(franchiseId),
});

/** Staff shifts (a person may work several a day) and their daily, per-franchise and monthly staff-hours and labour rollups; `appending`: see recordSent. */
export const recordShifts = (db: Db, franchiseId: number, shifts: ShiftInput[], options: { appending?: boolean } = {}) =>
  recordSent(db, franchiseId, SHIFTS, shifts, options.appending);
export const removeShifts = (db: Db, franchiseId: number, refs: RecordRef[]) => removeSent(db, franchiseId, SHIFTS, refs);
