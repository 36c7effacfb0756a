import { scatterOption, type ScatterPoint } from '@contract/presentation/chart-options';
import { formatCurrency, formatPercent } from '@contract/presentation/format';

// The Menu Engineering scatter (docs/product.md#menu-engineering): points by class, the thresholds' quadrants to the plot's edges.

const axes = {
  x: { label: 'Menu Mix %', format: formatPercent },
  y: { label: 'Margin per Unit', format: formatCurrency },
};
const POINTS: ScatterPoint[] = [
  { name: 'Steak', x: 12, y: 30, group: 'Star' },
  { name: 'Chips', x: 20, y: 4, group: 'Plowhorse' },
  { name: 'Lobster', x: 2, y: 55, group: 'Puzzle' },
];

type Series = { name: string; color?: string; data: { name: string; value: [number, number] }[]; markArea?: { data: unknown[][] } };

describe('the menu engineering scatter', () => {
  it('draws a series per class in its colour, each point named, on axes that hold every point and both thresholds', () => {
    const option = scatterOption(POINTS, axes, [7, 20]);
    const series = option.series as Series[];
    expect(series.map((s) => [s.name, s.color, s.data])).toEqual([
      ['Star', '#2f9e44', [{ name: 'Steak', value: [12, 30] }]],
      ['Plowhorse', '#1c7ed6', [{ name: 'Chips', value: [20, 4] }]],
      ['Puzzle', '#f08c00', [{ name: 'Lobster', value: [2, 55] }]],
    ]);
    // x from 2 to 20 with 1.8 to spare each side; y from 4 to 55 with 5.1.
    expect(option.xAxis).toMatchObject({ min: 0, max: 22, name: 'Menu Mix %' });
    expect(option.yAxis).toMatchObject({ min: 0, max: 61, name: 'Margin per Unit' });
  });

  it('names the four quadrants in their corners, split at the thresholds and reaching the axes’ ends', () => {
    const series = scatterOption(POINTS, axes, [7, 20]).series as Series[];
    expect(series[0]!.markArea!.data).toEqual([
      [
        { name: 'Stars', xAxis: 7, yAxis: 61, label: { position: 'insideTopRight' } },
        { xAxis: 22, yAxis: 20 },
      ],
      [
        { name: 'Puzzles', xAxis: 0, yAxis: 61, label: { position: 'insideTopLeft' } },
        { xAxis: 7, yAxis: 20 },
      ],
      [
        { name: 'Plowhorses', xAxis: 7, yAxis: 20, label: { position: 'insideBottomRight' } },
        { xAxis: 22, yAxis: 0 },
      ],
      [
        { name: 'Dogs', xAxis: 0, yAxis: 20, label: { position: 'insideBottomLeft' } },
        { xAxis: 7, yAxis: 0 },
      ],
    ]);
    expect(series.slice(1).every((s) => s.markArea === undefined)).toBe(true);
  });

  it('keeps a negative margin in view and spares a unit around a single point', () => {
    const option = scatterOption([{ name: 'Loss leader', x: 100, y: -2, group: 'Plowhorse' }], axes, [70, -2]);
    expect(option.xAxis).toMatchObject({ min: 67, max: 103 });
    expect(option.yAxis).toMatchObject({ min: -3, max: -1 });
  });
});
