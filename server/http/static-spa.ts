import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import type { MiddlewareHandler } from 'hono';
import { acceptsEncoding } from './accept-encoding.js';
import { failure } from './errors.js';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

const IMMUTABLE = 'public, max-age=31536000, immutable';
const ENCODINGS = [
  ['br', '.br'],
  ['gzip', '.gz'],
] as const;

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

/**
 * Serves the built SPA from `distDir`: files as they are (never a dotfile), hashed `/assets/*`
 * precompressed and cached for a year, and index.html (never cached) for every other GET so deep
 * links work.
 */
export function staticSpa(distDir: string): MiddlewareHandler {
  const root = resolve(distDir);
  const index = join(root, 'index.html');

  return async (c) => {
    // For HEAD, Hono runs this as GET and drops the body.
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') {
      return failure(c, 405, 'Method not allowed', undefined, { Allow: 'GET, HEAD' });
    }
    let file: string | undefined;
    let decoded: string | undefined;
    try {
      decoded = decodeURIComponent(c.req.path);
    } catch {
      // undecodable path: treat as a client route
    }
    // Dotfiles and dot-directories (.build-hash, .vite/, and `..`) are never content, and no client route has one.
    if (decoded?.split(/[/\\]/).some((segment) => segment.startsWith('.'))) return failure(c, 404, 'Not found');
    if (decoded !== undefined) {
      const candidate = resolve(root, normalize(`.${decoded}`));
      if (candidate.startsWith(root + sep) && extname(candidate) !== '.br' && extname(candidate) !== '.gz' && (await isFile(candidate))) {
        file = candidate;
      }
    }
    const isAsset = file !== undefined && file.startsWith(join(root, 'assets') + sep);
    if (!file) {
      // A missing hashed asset is a stale page asking for an old build, not a client route.
      if (c.req.path.startsWith('/assets/') || !(await isFile(index))) return failure(c, 404, 'Not found');
      file = index;
    }
    const headers: Record<string, string> = {
      'Content-Type': TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream',
      'Cache-Control': file === index ? 'no-cache' : isAsset ? IMMUTABLE : 'public, max-age=3600',
    };
    let path = file;
    if (isAsset) {
      headers.Vary = 'Accept-Encoding';
      for (const [encoding, suffix] of ENCODINGS) {
        if (acceptsEncoding(c, encoding) && (await isFile(file + suffix))) {
          path = file + suffix;
          headers['Content-Encoding'] = encoding;
          break;
        }
      }
    }
    const body = await readFile(path);
    headers['Content-Length'] = String(body.byteLength);
    return c.body(new Uint8Array(body), 200, headers);
  };
}
