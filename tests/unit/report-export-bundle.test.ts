import { mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';
// @ts-expect-error -- plain JavaScript (it runs before TypeScript can be loaded), no declarations
import { ensureServerBuilt } from '../../server/build/server-build.mjs';

// Start-up time is measured (npm run bench): the export libraries (about 2.5 MB of JavaScript) must stay out
// of the server bundle that every start parses, and load on the first export only.

const root = join(fileURLToPath(import.meta.url), '../../..');
const copy = mkdtempSync(join(tmpdir(), 'fc-export-bundle-'));
afterAll(() => rmSync(copy, { recursive: true, force: true }));

it('the server bundle imports csv-stringify on first use and the export thread pdfkit, svg-to-pdfkit and ECharts; neither holds their code', async () => {
  // The real sources, built into a folder of its own (the project's dist-server is left alone).
  for (const name of ['server', 'package-lock.json', 'tsconfig.json', 'node_modules', 'package.json'])
    symlinkSync(join(root, name), join(copy, name));
  const bundlePath = fileURLToPath(await ensureServerBuilt({ root: copy }));
  const bundle = readFileSync(bundlePath, 'utf8');
  const pdfWorker = readFileSync(join(bundlePath, '../pdf-worker.mjs'), 'utf8');
  const imports = (code: string, pattern: RegExp) => [...code.matchAll(pattern)].map((match) => match[1]).sort();
  const libraries = /^(csv-stringify|pdfkit|svg-to-pdfkit|echarts)\b/;
  expect(imports(bundle, /\bimport\("([^"]+)"\)/g)).toEqual(expect.arrayContaining(['csv-stringify/sync']));
  expect(imports(bundle, /\bfrom\s*"([^"]+)"/g).filter((source) => libraries.test(source!))).toEqual([]);
  // The PDF's libraries are the export thread's: it imports them (outside its bundle), the server never does.
  expect(bundle).not.toMatch(/\bimport\("(pdfkit|svg-to-pdfkit|echarts[^"]*)"\)/);
  expect([...imports(pdfWorker, /\bimport\("([^"]+)"\)/g), ...imports(pdfWorker, /\bfrom\s*"([^"]+)"/g)]).toEqual(
    expect.arrayContaining(['echarts/dist/echarts.esm.min.mjs', 'pdfkit', 'svg-to-pdfkit']),
  );
  // Marks of each library's own code: pdfkit's line wrapper and font metrics, ECharts' renderer, csv-stringify's option parser.
  for (const code of [bundle, pdfWorker]) {
    for (const mark of ['LineWrapper', 'getKernPair', 'zrender', 'normalize_options']) expect(code).not.toContain(mark);
  }
}, 120_000);
