import { mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';
// @ts-expect-error -- plain JavaScript (it runs before TypeScript can be loaded), no declarations
import { ensureServerBuilt } from '../../server/build/server-build.mjs';

// Start-up time is measured (issue 5): the export libraries (about 2.5 MB of JavaScript) must stay out
// of the server bundle that every start parses, and load on the first export only.

const root = join(fileURLToPath(import.meta.url), '../../..');
const copy = mkdtempSync(join(tmpdir(), 'fc-export-bundle-'));
afterAll(() => rmSync(copy, { recursive: true, force: true }));

it('the server bundle imports csv-stringify, pdfkit, svg-to-pdfkit and ECharts on first use and holds none of their code', async () => {
  // The real sources, built into a folder of its own (the project's dist-server is left alone).
  for (const name of ['server', 'package-lock.json', 'tsconfig.json', 'node_modules', 'package.json'])
    symlinkSync(join(root, name), join(copy, name));
  const bundle = readFileSync(fileURLToPath(await ensureServerBuilt({ root: copy })), 'utf8');
  const imports = (pattern: RegExp) => [...bundle.matchAll(pattern)].map((match) => match[1]).sort();
  expect(imports(/\bimport\("([^"]+)"\)/g)).toEqual(
    expect.arrayContaining(['csv-stringify/sync', 'echarts/dist/echarts.esm.min.mjs', 'pdfkit', 'svg-to-pdfkit']),
  );
  const libraries = /^(csv-stringify|pdfkit|svg-to-pdfkit|echarts)\b/;
  expect(imports(/\bfrom\s*"([^"]+)"/g).filter((source) => libraries.test(source!))).toEqual([]);
  // Marks of each library's own code: pdfkit's line wrapper and font metrics, ECharts' renderer, csv-stringify's option parser.
  for (const mark of ['LineWrapper', 'getKernPair', 'zrender', 'normalize_options']) expect(bundle).not.toContain(mark);
}, 120_000);
