import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

type Row = { machine: string; states: { covered: number; total: number }; transitions: { covered: number; total: number }; paths: number };

const DIR = join(process.cwd(), 'test-results', 'model-coverage');

/** Vitest global setup of the model project: clears old figures, and prints the coverage table after the run. */
export default function setup() {
  rmSync(DIR, { recursive: true, force: true });
  return () => {
    if (!existsSync(DIR)) return;
    const rows: Row[] = readdirSync(DIR).map((f) => JSON.parse(readFileSync(join(DIR, f), 'utf8')) as Row);
    const cell = (c: { covered: number; total: number }) => `${c.covered}/${c.total}`.padStart(9);
    const lines = rows
      .sort((a, b) => a.machine.localeCompare(b.machine))
      .map((r) => `${r.machine.padEnd(16)} ${cell(r.states)} ${cell(r.transitions)} ${String(r.paths).padStart(6)}`);
    console.log(
      [
        '',
        'Model coverage (measured from the running actors)',
        `${'machine'.padEnd(16)} ${'states'.padStart(9)} ${'transitions'.padStart(9)} ${'paths'.padStart(6)}`,
        ...lines,
        '',
      ].join('\n'),
    );
  };
}
