import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { precompress } from '../../server/build/spa-build';
import { expectSecurityHeaders } from './support/security-headers';
import { createTestApp, expectErrorEnvelope } from './support/test-app';
import { openTestDatabase, type TestDatabase } from './support/test-db';

let database: TestDatabase;
let dist: string;
let t: ReturnType<typeof createTestApp>;
const INDEX =
  '<!doctype html><html><head><script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>';
const SCRIPT = `console.log(${JSON.stringify('franchise console '.repeat(200))});`;

beforeAll(async () => {
  database = await openTestDatabase();
  // A tiny stand-in for Vite's output; building the real SPA is the e2e suite's business.
  dist = mkdtempSync(join(tmpdir(), 'fc-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), INDEX);
  writeFileSync(join(dist, 'assets', 'index-abc123.js'), SCRIPT);
  writeFileSync(join(dist, 'assets', 'tiny-def456.css'), 'body{margin:0}');
  writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  // What the SPA build leaves beside the files it serves.
  writeFileSync(join(dist, '.build-hash'), 'secret-ish build metadata');
  mkdirSync(join(dist, '.vite'));
  writeFileSync(join(dist, '.vite', 'manifest.json'), '{}');
  writeFileSync(join(dist, 'assets', '.hidden.js'), 'hidden');
  precompress(join(dist, 'assets'));
  t = createTestApp(database.db, { distDir: dist });
});
afterAll(async () => {
  rmSync(dist, { recursive: true, force: true });
  await database.close();
});

async function get(path: string, headers: Record<string, string> = {}) {
  const res = await t.app.request(path, { headers });
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

describe('static SPA', () => {
  it('precompresses assets over 1 KiB only', () => {
    expect(brotliDecompressSync(readFileSync(join(dist, 'assets', 'index-abc123.js.br'))).toString()).toBe(SCRIPT);
    expect(gunzipSync(readFileSync(join(dist, 'assets', 'index-abc123.js.gz'))).toString()).toBe(SCRIPT);
    expect(() => readFileSync(join(dist, 'assets', 'tiny-def456.css.br'))).toThrow();
  });

  it('serves index.html for / and for client routes, never cached, with the security headers', async () => {
    for (const path of ['/', '/dashboard', '/user/edit', '/change-password?token=abc', '/unsubscribe?token=abc', '/no/such/page']) {
      const { res, bytes } = await get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expectSecurityHeaders(res.headers);
      expect(bytes.toString()).toBe(INDEX);
    }
  });

  it('serves hashed assets immutable and precompressed by Accept-Encoding', async () => {
    const br = await get('/assets/index-abc123.js', { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(br.res.status).toBe(200);
    expect(br.res.headers.get('content-encoding')).toBe('br');
    expect(br.res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(br.res.headers.get('vary')).toBe('Accept-Encoding');
    expect(br.res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(brotliDecompressSync(br.bytes).toString()).toBe(SCRIPT);
    expectSecurityHeaders(br.res.headers);

    const gz = await get('/assets/index-abc123.js', { 'Accept-Encoding': 'gzip' });
    expect(gz.res.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(gz.bytes).toString()).toBe(SCRIPT);

    const refused = await get('/assets/index-abc123.js', { 'Accept-Encoding': 'br;q=0, identity' });
    expect(refused.res.headers.get('content-encoding')).toBeNull();
    expect(refused.bytes.toString()).toBe(SCRIPT);

    const small = await get('/assets/tiny-def456.css', { 'Accept-Encoding': 'br' });
    expect(small.res.headers.get('content-encoding')).toBeNull();
    expect(small.res.headers.get('content-type')).toBe('text/css; charset=utf-8');

    const other = await get('/favicon.svg');
    expect(other.res.headers.get('content-type')).toBe('image/svg+xml');
    expect(other.res.headers.get('cache-control')).toBe('public, max-age=3600');
  });

  it('never serves a dotfile or anything under a dot-directory, nor index.html in their place', async () => {
    for (const path of [
      '/.build-hash',
      '/%2ebuild-hash',
      '/.vite/manifest.json',
      '/assets/.hidden.js',
      '/.env',
      '/.git/config',
      '/deep/.hidden/page',
    ]) {
      const { res, bytes } = await get(path);
      expect(res.status, path).toBe(404);
      expectErrorEnvelope(JSON.parse(bytes.toString()), 'Not found');
      expectSecurityHeaders(res.headers);
      const head = await t.app.request(path, { method: 'HEAD' });
      expect(head.status, `HEAD ${path}`).toBe(404);
    }
  });

  it('does not serve files outside dist nor the compressed copies directly', async () => {
    // URL parsing resolves `..` and `%2e%2e` before the server sees the path.
    for (const path of ['/../package.json', '/%2e%2e/package.json', '/%E0%A4%A', '/favicon.svg.br']) {
      const { res, bytes } = await get(path);
      expect(res.status, path).toBe(200);
      expect(bytes.toString(), path).toBe(INDEX);
    }
  });

  it('answers a missing or escaping asset with 404 rather than the page', async () => {
    for (const path of ['/assets/index-old999.js', '/assets/..%2f..%2fpackage.json', '/assets/index-abc123.js.br']) {
      const { res } = await get(path);
      expect(res.status, path).toBe(404);
      expectSecurityHeaders(res.headers);
    }
  });

  it('keeps /api paths out of the fallback and refuses other methods on pages', async () => {
    const api = await t.call('GET', '/api/v1/franchise/dashboard');
    expect(api.status).toBe(404);
    expectErrorEnvelope(api.body);
    const post = await t.call('POST', '/dashboard', { body: {} });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
    const head = await t.app.request('/dashboard', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });
});
