import { randomBytes, timingSafeEqual } from 'node:crypto';
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import * as z from 'zod';
import { createOwner, OwnerExistsError, type OwnerInput } from './auth/owners.js';
import { lockHolder } from './data-dir-lock.mjs';
import { BackupRefusal, snapshotEmbedded } from './db/backup.js';
import type { Db } from './db/database.js';
import type { PgliteSession } from './db/pglite-dialect.js';
import type { Logger } from './logger.js';

/**
 * PGlite is one process: while a server holds DATA_DIR, `npm run backup` asks that server for the
 * snapshot and `npm run owner:create` asks it to create the owner. The server listens on 127.0.0.1
 * only, on a port of the system's choosing, and answers only the secret it wrote to this file, which
 * only DATA_DIR's owner may read.
 */
const ENDPOINT_FILE = 'local-endpoint.json';

type Endpoint = { port: number; secret: string };

/** The largest owner request: five short fields. */
const MAX_OWNER_BODY = 16_384;

/** What the server says to an owner request it refused: the field issues, or a message alone. */
export type OwnerRefused = { status: number; message: string; issues?: { path: string; message: string }[] };

function readBody(request: IncomingMessage, limit: number): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
    });
    request.on('end', () => resolve(size <= limit ? Buffer.concat(chunks).toString('utf8') : undefined));
    request.on('error', reject);
  });
}

/** Starts taking local requests for the embedded database in `dataDir`; `close()` stops and removes the endpoint file. */
export async function serveLocalCalls(
  dataDir: string,
  database: { session: PgliteSession; db: Db },
  logger: Logger,
): Promise<{ close(): Promise<void> }> {
  const secret = randomBytes(32).toString('base64url');
  const expected = Buffer.from(`Bearer ${secret}`);
  const authorised = (request: IncomingMessage) => {
    const given = Buffer.from(request.headers.authorization ?? '');
    return given.length === expected.length && timingSafeEqual(given, expected);
  };

  const answer = (response: ServerResponse, status: number, text: string) =>
    response.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8' }).end(text);
  const json = (response: ServerResponse, status: number, body: unknown) =>
    response.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));

  const snapshot = (response: ServerResponse) => {
    const started = performance.now();
    snapshotEmbedded(database.session).then(
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
  };

  const owner = async (request: IncomingMessage, response: ServerResponse) => {
    const text = await readBody(request, MAX_OWNER_BODY);
    let input: OwnerInput;
    try {
      input = JSON.parse(text ?? '') as OwnerInput;
    } catch {
      return json(response, 400, { status: 400, message: 'The request is not the JSON of an owner' } satisfies OwnerRefused);
    }
    try {
      await createOwner(database.db, input);
    } catch (error) {
      if (error instanceof z.ZodError) {
        const issues = error.issues.map((i) => ({ path: String(i.path[0] ?? ''), message: i.message }));
        return json(response, 422, { status: 422, message: 'Cannot create the owner', issues } satisfies OwnerRefused);
      }
      if (error instanceof OwnerExistsError) return json(response, 409, { status: 409, message: error.message } satisfies OwnerRefused);
      throw error;
    }
    logger.info(`Created ${input.franchise} and its owner ${input.email} (npm run owner:create).`);
    json(response, 201, { created: true });
  };

  const server = createServer((request, response) => {
    const call = request.method === 'POST' ? request.url : undefined;
    if (call !== '/snapshot' && call !== '/owners') return answer(response, 404, 'Not found');
    if (!authorised(request)) return answer(response, 401, 'Wrong or missing secret');
    if (call === '/snapshot') return snapshot(response);
    owner(request, response).catch((error: unknown) => {
      logger.error('Creating an owner failed', error);
      answer(response, 500, error instanceof Error ? error.message : String(error));
    });
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

/**
 * A request to the server holding `dataDir`; what cannot reach it is thrown as `refusal(message)`, a
 * server still starting (no endpoint file yet) included.
 */
async function localCall(dataDir: string, path: string, body: string | undefined, refusal: (message: string) => Error): Promise<Response> {
  let endpoint: Endpoint;
  try {
    endpoint = JSON.parse(readFileSync(join(dataDir, ENDPOINT_FILE), 'utf8')) as Endpoint;
  } catch (error) {
    if ((error as { code?: unknown }).code !== 'ENOENT') throw error;
    const holder = lockHolder(dataDir);
    throw refusal(
      `Another Franchise Console process${holder === undefined ? '' : ` (pid ${holder})`} is using DATA_DIR ${resolve(dataDir)} and takes no requests: ` +
        'a server still starting (run the command again once it answers), or a command of its own (run it again when it has finished).',
    );
  }
  return fetch(`http://127.0.0.1:${endpoint.port}${path}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${endpoint.secret}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body,
  }).catch((error: unknown) => {
    throw refusal(`Cannot reach the server using DATA_DIR on 127.0.0.1:${endpoint.port} (${(error as Error).message}).`);
  });
}

/** Asks the server holding `dataDir` for a snapshot of its database. */
export async function requestSnapshot(dataDir: string): Promise<Uint8Array> {
  const response = await localCall(dataDir, '/snapshot', undefined, (message) => new BackupRefusal(message));
  if (!response.ok) throw new BackupRefusal(`The server could not take the snapshot (${response.status}): ${await response.text()}`);
  return new Uint8Array(await response.arrayBuffer());
}

/** Asks the server holding `dataDir` to create a franchise and its owner; undefined when it did, else why not. */
export async function requestOwner(
  dataDir: string,
  input: OwnerInput,
  refusal: (message: string) => Error,
): Promise<OwnerRefused | undefined> {
  const response = await localCall(dataDir, '/owners', JSON.stringify(input), refusal);
  if (response.status === 201) return undefined;
  if (response.headers.get('content-type') === 'application/json') return (await response.json()) as OwnerRefused;
  return { status: response.status, message: `The server could not create the owner (${response.status}): ${await response.text()}` };
}
