import { describe, expect, it } from 'vitest';
import { formatCell } from '@contract/presentation/report-display';
import {
  formatCurrency,
  formatDay,
  formatInstant,
  formatDayMonth,
  formatDays,
  formatMonth,
  formatNumber,
  formatPercent,
  formatSignedPercent,
  formatWholeCurrency,
  percentChange,
} from '@contract/presentation/format';

describe('display formats (en-AU)', () => {
  it('currency: a $, grouped thousands, two decimals', () => {
    expect(formatCurrency(1234.56)).toBe('$1,234.56');
    expect(formatCurrency(1234567.5)).toBe('$1,234,567.50');
    expect(formatCurrency(0)).toBe('$0.00');
    expect(formatCurrency(-3.5)).toBe('-$3.50');
    expect(formatCurrency(0.005)).toBe('$0.01');
  });

  it('whole currency for chart axes: a $, grouped thousands, no cents', () => {
    expect(formatWholeCurrency(21000)).toBe('$21,000');
    expect(formatWholeCurrency(1234.56)).toBe('$1,235');
    expect(formatWholeCurrency(0)).toBe('$0');
  });

  it('numbers: grouped thousands with the decimals asked for', () => {
    expect(formatNumber(1234)).toBe('1,234');
    expect(formatNumber(1234.4)).toBe('1,234');
    expect(formatNumber(1234.5, 2)).toBe('1,234.50');
    expect(formatNumber(0.456, 1)).toBe('0.5');
  });

  it('percent: one decimal', () => {
    expect(formatPercent(96.25)).toBe('96.3%');
    expect(formatPercent(75)).toBe('75.0%');
    expect(formatPercent(1234.5)).toBe('1,234.5%');
  });

  it('change vs previous: in percent of the previous figure, none without one', () => {
    expect(percentChange(112.4, 100)).toBeCloseTo(12.4);
    expect(percentChange(50, 200)).toBe(-75);
    expect(percentChange(10, 0)).toBeNull();
    expect(percentChange(0, 0)).toBeNull();
    expect(percentChange(-5, -10)).toBe(50);
  });

  it('signed change: + or -, no sign when it rounds to zero', () => {
    expect(formatSignedPercent(12.44)).toBe('+12.4%');
    expect(formatSignedPercent(-3)).toBe('-3.0%');
    expect(formatSignedPercent(0)).toBe('0.0%');
    expect(formatSignedPercent(0.04)).toBe('0.0%');
    expect(formatSignedPercent(-0.04)).toBe('0.0%');
    expect(formatSignedPercent(1500)).toBe('+1,500.0%');
  });

  it('calendar days as the day itself, whatever the zone of the machine', () => {
    expect(formatDay('2026-11-16')).toBe('16 Nov 2026');
    expect(formatDayMonth('2026-01-01')).toBe('1 Jan');
    expect(formatMonth('2026-12-31')).toBe('Dec 2026');
    // The answers' and the reports' month names, never en-AU's "Sept".
    expect([formatDay('2026-09-01'), formatDayMonth('2026-09-30'), formatMonth('2026-09-15')]).toEqual([
      '1 Sep 2026',
      '30 Sep',
      'Sep 2026',
    ]);
  });

  it('a window’s days (the pages’, the PDF’s and the report mail’s): first – last, or one day alone', () => {
    expect(formatDays('2026-11-19', '2026-11-25')).toBe('19 Nov 2026 – 25 Nov 2026');
    expect(formatDays('2026-11-19', '2026-11-19')).toBe('19 Nov 2026');
  });
});

describe('report cells (formatCell), as the analytics pages and their PDFs show them', () => {
  it('formats each unit, and "–" where a figure is undefined', () => {
    expect(formatCell('count', 1234)).toBe('1,234');
    expect(formatCell('money', 1234.5)).toBe('$1,234.50');
    expect(formatCell('percent', 8.4)).toBe('8.4%');
    expect(formatCell('change', 8.4)).toBe('+8.4%');
    expect(formatCell('change', -3)).toBe('-3.0%');
    expect(formatCell('hours', 12.5)).toBe('12.50');
    expect(formatCell('money_per_hour', 85.2)).toBe('$85.20/h');
    expect(formatCell('text', 'Mon 16 Nov')).toBe('Mon 16 Nov');
    expect(formatCell('money', null)).toBe('–');
  });
});

describe('formatInstant', () => {
  it('spells an instant on the franchise clock, daylight saving included, with the days’ month names, and its zone when asked', () => {
    expect(formatInstant('2026-09-15T01:05:00.000Z', 'Australia/Sydney')).toBe('15 Sep 2026, 11:05');
    expect(formatInstant('2026-11-15T01:05:00.000Z', 'Australia/Sydney')).toBe('15 Nov 2026, 12:05');
    expect(formatInstant('2026-11-15T01:05:00.000Z', 'Australia/Perth')).toBe('15 Nov 2026, 09:05');
    expect(formatInstant('2026-12-31T23:30:00.000Z', 'Australia/Sydney')).toBe('1 Jan 2027, 10:30');
    // The PDF's "Generated" line: "Sep" where Intl's en-AU may say "Sept", and the zone the clock was in.
    expect(formatInstant('2026-09-15T01:05:00.000Z', 'Australia/Sydney', { zone: true })).toBe('15 Sep 2026, 11:05 AEST');
    expect(formatInstant('2026-11-23T22:05:00.000Z', 'Australia/Sydney', { zone: true })).toBe('24 Nov 2026, 09:05 AEDT');
  });
});
