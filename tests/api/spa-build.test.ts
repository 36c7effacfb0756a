import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ensureSpaBuilt } from '../../server/build/spa-build';

const roots: string[] = [];
afterEach(() => roots.splice(0).forEach((root) => rmSync(root, { recursive: true, force: true })));

/** A one-page SPA whose script prints `message`; no vite.config, so Vite's defaults build it. */
function project(message: string) {
  const root = mkdtempSync(join(tmpdir(), 'fc-spa-build-'));
  roots.push(root);
  mkdirSync(join(root, 'src'));
  writeFileSync(join(root, 'index.html'), '<!doctype html><html><body><script type="module" src="/src/main.ts"></script></body></html>\n');
  writeFileSync(join(root, 'src/main.ts'), `document.body.textContent = '${message}';\n`);
  return root;
}

/** Runs the start-time check; says whether it built and which message dist now ships. */
async function check(root: string) {
  const lines: string[] = [];
  await ensureSpaBuilt({ root, log: (line) => lines.push(line) });
  const assets = join(root, 'dist/assets');
  const script = readdirSync(assets).find((name) => name.endsWith('.js'))!;
  const shipped = /textContent\s*=\s*['"`](\w+)/.exec(readFileSync(join(assets, script), 'utf8'))?.[1];
  return { built: lines.some((line) => line.startsWith('Building')), shipped };
}

const setMtime = (file: string, date: Date) => utimesSync(file, date, date);

describe('npm start rebuilds the SPA exactly when its sources changed', () => {
  it('builds once, then reuses dist until a source is edited', async () => {
    const root = project('one');
    expect(await check(root)).toEqual({ built: true, shipped: 'one' });
    expect(await check(root)).toEqual({ built: false, shipped: 'one' });

    writeFileSync(join(root, 'src/main.ts'), `document.body.textContent = 'two';\n`);
    expect(await check(root)).toEqual({ built: true, shipped: 'two' });
  });

  it('rebuilds for an edit whose size is unchanged and whose mtime is older (a checkout of an older version)', async () => {
    const root = project('one');
    await check(root);
    const source = join(root, 'src/main.ts');
    const before = statSync(source).mtime;
    writeFileSync(source, `document.body.textContent = 'old';\n`);
    setMtime(source, new Date(before.getTime() - 86_400_000));
    expect(await check(root)).toEqual({ built: true, shipped: 'old' });
  });

  it('rebuilds when the contract the client shares with the server changes', async () => {
    const root = project('one');
    mkdirSync(join(root, 'contract'), { recursive: true });
    writeFileSync(join(root, 'contract/labels.ts'), "export const label = 'one';\n");
    writeFileSync(join(root, 'src/main.ts'), "import { label } from '../contract/labels';\ndocument.body.textContent = label;\n");
    expect(await check(root)).toEqual({ built: true, shipped: 'one' });
    writeFileSync(join(root, 'contract/labels.ts'), "export const label = 'two';\n");
    expect(await check(root)).toEqual({ built: true, shipped: 'two' });
  });

  it('rebuilds when a source file is added or removed', async () => {
    const root = project('one');
    await check(root);
    writeFileSync(join(root, 'src/extra.ts'), 'export {};\n');
    expect((await check(root)).built).toBe(true);
    unlinkSync(join(root, 'src/extra.ts'));
    expect((await check(root)).built).toBe(true);
  });

  it('does not rebuild for a touch without a change, and remembers it so the next start reads no file', async () => {
    const root = project('one');
    await check(root);
    const stampFile = join(root, 'dist/.build-inputs');
    const stamp = readFileSync(stampFile, 'utf8');
    setMtime(join(root, 'src/main.ts'), new Date(Date.now() + 60_000));
    expect(await check(root)).toEqual({ built: false, shipped: 'one' });
    expect(readFileSync(stampFile, 'utf8')).not.toBe(stamp);
  });
});
