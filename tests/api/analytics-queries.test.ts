import { bucketLabel, windowBuckets } from '../../server/analytics/queries';

describe('bucket labels', () => {
  it('name a day, a week (within a month, across months, clipped to one day) and a month', () => {
    expect(bucketLabel('daily', '2026-11-16', '2026-11-16')).toBe('Mon 16 Nov');
    expect(bucketLabel('daily', '2026-03-01', '2026-03-01')).toBe('Sun 1 Mar');
    expect(bucketLabel('weekly', '2026-11-16', '2026-11-22')).toBe('16–22 Nov');
    expect(bucketLabel('weekly', '2026-11-30', '2026-12-06')).toBe('30 Nov–6 Dec');
    expect(bucketLabel('weekly', '2026-12-28', '2027-01-03')).toBe('28 Dec–3 Jan');
    expect(bucketLabel('weekly', '2026-11-22', '2026-11-22')).toBe('22 Nov');
    expect(bucketLabel('monthly', '2026-11-01', '2026-11-30')).toBe('Nov 2026');
    expect(bucketLabel('monthly', '2026-10-20', '2026-10-31')).toBe('Oct 2026');
  });
});

describe('window buckets', () => {
  it('are every day of a daily window', () => {
    expect(windowBuckets({ start_date: '2026-11-16', end_date: '2026-11-18', grouping: 'daily' })).toEqual([
      { label: 'Mon 16 Nov', start_date: '2026-11-16', end_date: '2026-11-16' },
      { label: 'Tue 17 Nov', start_date: '2026-11-17', end_date: '2026-11-17' },
      { label: 'Wed 18 Nov', start_date: '2026-11-18', end_date: '2026-11-18' },
    ]);
  });

  it('are Monday-start weeks clipped to the window', () => {
    expect(windowBuckets({ start_date: '2026-11-25', end_date: '2026-12-13', grouping: 'weekly' })).toEqual([
      { label: '25–29 Nov', start_date: '2026-11-25', end_date: '2026-11-29' },
      { label: '30 Nov–6 Dec', start_date: '2026-11-30', end_date: '2026-12-06' },
      { label: '7–13 Dec', start_date: '2026-12-07', end_date: '2026-12-13' },
    ]);
    expect(windowBuckets({ start_date: '2026-11-22', end_date: '2026-11-23', grouping: 'weekly' })).toEqual([
      { label: '22 Nov', start_date: '2026-11-22', end_date: '2026-11-22' },
      { label: '23 Nov', start_date: '2026-11-23', end_date: '2026-11-23' },
    ]);
  });

  it('are calendar months clipped to the window, across a year end and a leap day', () => {
    expect(windowBuckets({ start_date: '2027-12-15', end_date: '2028-03-02', grouping: 'monthly' })).toEqual([
      { label: 'Dec 2027', start_date: '2027-12-15', end_date: '2027-12-31' },
      { label: 'Jan 2028', start_date: '2028-01-01', end_date: '2028-01-31' },
      { label: 'Feb 2028', start_date: '2028-02-01', end_date: '2028-02-29' },
      { label: 'Mar 2028', start_date: '2028-03-01', end_date: '2028-03-02' },
    ]);
  });
});
