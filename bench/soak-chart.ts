/** The soak's chart: p50 and p99 latency (ms, left axis) and the server's RSS (MB, right axis) per minute, as a hand-written SVG. */
export type MinuteFigures = { minute: number; requests: number; errors: number; p50: number; p99: number; rssMb: number; treeMb: number };

const W = 760;
const H = 380;
const PAD = { left: 64, right: 72, top: 48, bottom: 48 };
const COLOURS = { p50: '#2b6cb0', p99: '#c53030', rss: '#2f855a' };

/** A round upper bound for an axis, so its five ticks read as whole numbers. */
function niceMax(value: number): number {
  const step = 10 ** Math.floor(Math.log10(Math.max(value, 1)));
  return Math.ceil((value * 1.1) / step) * step;
}

export function soakChart(rows: MinuteFigures[], title: string): string {
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const msMax = niceMax(Math.max(...rows.map((r) => r.p99)));
  const mbMax = niceMax(Math.max(...rows.map((r) => r.rssMb)));
  const x = (minute: number) => PAD.left + (rows.length === 1 ? plotW / 2 : ((minute - 1) / (rows.length - 1)) * plotW);
  const y = (value: number, max: number) => PAD.top + plotH - (value / max) * plotH;
  const line = (values: number[], max: number, colour: string) =>
    `<polyline fill="none" stroke="${colour}" stroke-width="2" points="${values.map((v, i) => `${x(i + 1).toFixed(1)},${y(v, max).toFixed(1)}`).join(' ')}"/>`;
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((f) => {
    const ty = y(f, 1).toFixed(1);
    return [
      `<line x1="${PAD.left}" x2="${W - PAD.right}" y1="${ty}" y2="${ty}" stroke="#e2e8f0"/>`,
      `<text x="${PAD.left - 6}" y="${ty}" text-anchor="end" dominant-baseline="middle">${Math.round(f * msMax)}</text>`,
      `<text x="${W - PAD.right + 6}" y="${ty}" dominant-baseline="middle">${Math.round(f * mbMax)}</text>`,
    ].join('');
  });
  const minutes = rows.map((r) => `<text x="${x(r.minute).toFixed(1)}" y="${H - PAD.bottom + 18}" text-anchor="middle">${r.minute}</text>`);
  const legend = (
    [
      ['p50 (ms)', COLOURS.p50],
      ['p99 (ms)', COLOURS.p99],
      ['server RSS (MB)', COLOURS.rss],
    ] as const
  ).map(
    ([label, colour], i) =>
      `<rect x="${PAD.left + i * 150}" y="26" width="14" height="4" fill="${colour}"/><text x="${PAD.left + i * 150 + 20}" y="30" dominant-baseline="middle">${label}</text>`,
  );
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="sans-serif" font-size="12">`,
    `<rect width="${W}" height="${H}" fill="#fff"/>`,
    `<text x="${W / 2}" y="14" text-anchor="middle" font-weight="bold">${title}</text>`,
    ...legend,
    ...ticks,
    `<rect x="${PAD.left}" y="${PAD.top}" width="${plotW}" height="${plotH}" fill="none" stroke="#4a5568"/>`,
    ...minutes,
    `<text x="${PAD.left + plotW / 2}" y="${H - 10}" text-anchor="middle">minute</text>`,
    `<text x="16" y="${PAD.top + plotH / 2}" text-anchor="middle" transform="rotate(-90 16 ${PAD.top + plotH / 2})">latency (ms)</text>`,
    `<text x="${W - 14}" y="${PAD.top + plotH / 2}" text-anchor="middle" transform="rotate(90 ${W - 14} ${PAD.top + plotH / 2})">RSS (MB)</text>`,
    line(
      rows.map((r) => r.p50),
      msMax,
      COLOURS.p50,
    ),
    line(
      rows.map((r) => r.p99),
      msMax,
      COLOURS.p99,
    ),
    line(
      rows.map((r) => r.rssMb),
      mbMax,
      COLOURS.rss,
    ),
    '</svg>',
    '',
  ].join('\n');
}
