import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Context } from 'hono';
import { acceptsEncoding } from './accept-encoding.js';

/** Below this, compressing saves less than it costs. */
export const MIN_COMPRESSED_BYTES = 1024;

type Encoding = 'br' | 'gzip';

/**
 * A JSON body answered many times (a cached analytics answer), compressed at most once per encoding,
 * on the first request that accepts it. A franchise roster of 52 kB goes out as a few kB, and the
 * socket writes that were a quarter of a cached answer's CPU shrink with it.
 */
export class SharedJsonBody {
  private readonly bytes: number;
  private readonly encoded = new Map<Encoding, Uint8Array<ArrayBuffer>>();

  constructor(readonly text: string) {
    this.bytes = Buffer.byteLength(text);
  }

  respond(c: Context): Response {
    const headers: Record<string, string> = { 'Content-Type': 'application/json', Vary: 'Accept-Encoding' };
    if (this.bytes >= MIN_COMPRESSED_BYTES) {
      for (const encoding of ['br', 'gzip'] as const) {
        if (acceptsEncoding(c, encoding)) return c.body(this.encode(encoding), 200, { ...headers, 'Content-Encoding': encoding });
      }
    }
    return c.body(this.text, 200, headers);
  }

  private encode(encoding: Encoding): Uint8Array<ArrayBuffer> {
    let body = this.encoded.get(encoding);
    if (!body) {
      // Quality 5: about a millisecond for 50 kB, within a few per cent of the best ratio for JSON.
      const compressed =
        encoding === 'br'
          ? brotliCompressSync(this.text, {
              params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: this.bytes },
            })
          : gzipSync(this.text, { level: 6 });
      body = new Uint8Array(compressed);
      this.encoded.set(encoding, body);
    }
    return body;
  }
}
