import { Hono } from 'hono';
import { afterEach, describe, expect, it } from 'vitest';
import { CannotListenError, serveWhenReady } from '../../server/main';
import { expectSecurityHeaders } from './support/security-headers';

const servers: { close(): unknown }[] = [];
afterEach(() => servers.splice(0).forEach((server) => server.close()));

function start(port = 0) {
  const app = new Hono().get('/api/v1/franchise/test', (c) => c.json({ ok: true }));
  const gate = serveWhenReady(app, { hostname: '127.0.0.1', port });
  servers.push(gate.server);
  return gate;
}

describe('npm start listens while the database opens', () => {
  it('accepts a request at once but answers it only once the server is opened', async () => {
    const gate = start();
    const { port } = await gate.listening;
    let answered = false;
    const response = fetch(`http://127.0.0.1:${port}/api/v1/franchise/test`).then((res) => {
      answered = true;
      return res;
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(answered).toBe(false);

    gate.open();
    const res = await response;
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
  });

  it('answers the requests that waited with 503 when the server stops before it opened', async () => {
    const gate = start();
    const { port } = await gate.listening;
    const response = fetch(`http://127.0.0.1:${port}/api/v1/franchise/test`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    gate.refuse();
    const res = await response;
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    expectSecurityHeaders(res.headers);
    expect(await res.json()).toEqual({ status: 'error', message: 'The server is shutting down' });
  });

  it('fails the start with the address when the port is taken', async () => {
    const { port } = await start().listening;
    const second = start(port);
    await expect(second.listening).rejects.toThrow(
      new CannotListenError(`Cannot listen on 127.0.0.1:${port}: listen EADDRINUSE: address already in use 127.0.0.1:${port}`),
    );
  });
});
