import { randomBytes, timingSafeEqual } from 'node:crypto';
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Logger } from '../logger.js';
import { BackupRefusal, snapshotEmbedded } from './backup.js';
import type { PgliteSession } from './pglite-dialect.js';

/**
 * PGlite is one process: while a server holds DATA_DIR, `npm run backup` asks that server for the
 * snapshot. The server listens on 127.0.0.1 only, on a port of the system's choosing, and answers
 * only the secret it wrote to this file, which only DATA_DIR's owner may read.
 */
const ENDPOINT_FILE = 'backup-endpoint.json';

type Endpoint = { port: number; secret: string };

/** Starts taking backup requests for the embedded database in `dataDir`; `close()` stops and removes the endpoint file. */
export async function serveBackups(dataDir: string, session: PgliteSession, logger: Logger): Promise<{ close(): Promise<void> }> {
  const secret = randomBytes(32).toString('base64url');
  const expected = Buffer.from(`Bearer ${secret}`);
  const authorised = (request: IncomingMessage) => {
    const given = Buffer.from(request.headers.authorization ?? '');
    return given.length === expected.length && timingSafeEqual(given, expected);
  };

  const answer = (response: ServerResponse, status: number, text: string) =>
    response.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8' }).end(text);
  const server = createServer((request, response) => {
    if (request.method !== 'POST' || request.url !== '/snapshot') return answer(response, 404, 'Not found');
    if (!authorised(request)) return answer(response, 401, 'Wrong or missing secret');
    const started = performance.now();
    snapshotEmbedded(session).then(
      (tar) => {
        response.writeHead(200, { 'Content-Type': 'application/x-tar', 'Content-Length': tar.byteLength }).end(tar);
        const seconds = ((performance.now() - started) / 1000).toFixed(2);
        logger.info(`Backup: took a snapshot of the database (${(tar.byteLength / 1e6).toFixed(1)} MB) in ${seconds} s.`);
      },
      (error: unknown) => {
        logger.error('Backup: taking the snapshot failed', error);
        answer(response, 500, error instanceof Error ? error.message : String(error));
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });

  const file = join(dataDir, ENDPOINT_FILE);
  const endpoint: Endpoint = { port: (server.address() as AddressInfo).port, secret };
  // Written whole before it is visible, and readable by DATA_DIR's owner only.
  const partial = `${file}.${randomBytes(4).toString('hex')}`;
  writeFileSync(partial, JSON.stringify(endpoint), { mode: 0o600, flag: 'wx' });
  renameSync(partial, file);

  return {
    close: () =>
      new Promise<void>((resolve) => {
        rmSync(file, { force: true });
        server.close(() => resolve());
        server.closeIdleConnections();
      }),
  };
}

/** Asks the server holding `dataDir` for a snapshot of its database. */
export async function requestSnapshot(dataDir: string): Promise<Uint8Array> {
  let endpoint: Endpoint;
  try {
    endpoint = JSON.parse(readFileSync(join(dataDir, ENDPOINT_FILE), 'utf8')) as Endpoint;
  } catch (error) {
    if ((error as { code?: unknown }).code !== 'ENOENT') throw error;
    throw new BackupRefusal('The server using DATA_DIR is still starting; run the backup again once it answers.');
  }
  const response = await fetch(`http://127.0.0.1:${endpoint.port}/snapshot`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${endpoint.secret}` },
  }).catch((error: unknown) => {
    throw new BackupRefusal(`Cannot reach the server using DATA_DIR on 127.0.0.1:${endpoint.port} (${(error as Error).message}).`);
  });
  if (!response.ok) throw new BackupRefusal(`The server could not take the snapshot (${response.status}): ${await response.text()}`);
  return new Uint8Array(await response.arrayBuffer());
}
