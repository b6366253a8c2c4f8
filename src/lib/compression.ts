/**
 * Compression (decision 057): which encoding a client accepts, and the API's answers (JSON,
 * CSV) compressed on the fly from 1 KB up. The web app's files are compressed once, at build
 * (scripts/precompress.ts), and served by src/web-static.ts with the same choice of encoding.
 */
import { constants, createBrotliCompress, createGzip } from "node:zlib";
import type { MiddlewareHandler } from "hono";
import { parseAccept } from "hono/utils/accept";

/** The encodings this server sends, best first: brotli, then gzip (else identity). */
export type Encoding = "br" | "gzip";
const OFFERED: readonly Encoding[] = ["br", "gzip"];

/** Answers smaller than this go as they are: compressing them saves nothing worth the CPU. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/** On the fly: brotli quality 5 (quality 11, the format's default, is far too slow), gzip 6. */
const LEVEL: Record<Encoding, number> = { br: 5, gzip: 6 };

/**
 * What the API compresses: JSON (and +json types), CSV, and the reference page's HTML and
 * JavaScript. Never `text/event-stream`: an SSE stream is neither compressed nor buffered.
 */
const COMPRESSIBLE =
  /^\s*(?:application\/(?:[\w.+-]*\+)?json|text\/(?:csv|html|javascript|plain)|application\/javascript)\s*(?:;|$)/i;

/**
 * The encodings `Accept-Encoding` allows, best first: by q-value, br before gzip at the same
 * q. `q=0` refuses one; `*` stands for those not named; `x-gzip` is gzip. No header: none.
 */
export function acceptedEncodings(header: string | null | undefined): Encoding[] {
  const weights = new Map<string, number>();
  for (const { type, q } of parseAccept(header ?? "")) {
    const token = type.toLowerCase();
    weights.set(token === "x-gzip" ? "gzip" : token, q);
  }
  const wildcard = weights.get("*") ?? 0;
  return OFFERED.map((encoding) => ({ encoding, q: weights.get(encoding) ?? wildcard }))
    .filter(({ q }) => q > 0)
    .sort((a, b) => b.q - a.q)
    .map(({ encoding }) => encoding);
}

/** Adds Accept-Encoding to a response's Vary (a cache must keep one copy per encoding). */
export function varyOnEncoding(headers: Headers): void {
  const vary = headers.get("Vary");
  if (vary === "*" || (vary && /(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(vary))) return;
  headers.set("Vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding");
}

/**
 * A compressing transform for `encoding`, at the on-the-fly level, that flushes after every
 * chunk: each chunk's bytes leave as soon as they are compressed (a CSV download streams as
 * its rows are read), never held back until the compressor's buffer fills. node:zlib's
 * streams run off the request thread; Bun's CompressionStream held brotli output back and
 * took seven times as long on the same CSV (decision 057).
 */
export function compressionStream(encoding: Encoding): TransformStream<Uint8Array, Uint8Array> {
  const zlib =
    encoding === "br"
      ? createBrotliCompress({
          params: {
            [constants.BROTLI_PARAM_QUALITY]: LEVEL.br,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          },
        })
      : createGzip({ level: LEVEL.gzip });
  const flushKind = encoding === "br" ? constants.BROTLI_OPERATION_FLUSH : constants.Z_SYNC_FLUSH;
  const out: Uint8Array[] = [];
  let failure: Error | null = null;
  zlib.on("data", (bytes: Buffer) => out.push(bytes));
  zlib.on("error", (error) => {
    failure = error;
  });
  /**
   * Hands the compressed bytes on; false once the reader has gone away (its side closed):
   * the compressor is then let go. Never throws: it runs in zlib's callbacks, where a throw
   * would be uncaught and end the process.
   */
  const drain = (controller: TransformStreamDefaultController<Uint8Array>): boolean => {
    try {
      for (const bytes of out.splice(0)) controller.enqueue(bytes);
      return true;
    } catch {
      out.length = 0;
      zlib.destroy();
      return false;
    }
  };
  // `cancel` is in the Streams standard (and Bun) but not yet in TypeScript's DOM types.
  const transformer: Transformer<Uint8Array, Uint8Array> & { cancel: () => void } = {
    transform: (chunk, controller) =>
      new Promise<void>((resolve, reject) => {
        zlib.write(chunk);
        zlib.flush(flushKind, () => {
          if (failure) return reject(failure);
          if (!drain(controller)) return reject(new Error("The reader went away"));
          resolve();
        });
      }),
    flush: (controller) =>
      new Promise<void>((resolve, reject) => {
        if (failure) return reject(failure);
        zlib.once("error", reject);
        zlib.once("end", () => {
          drain(controller);
          resolve();
        });
        zlib.end();
      }),
    // The reader went away or the source failed: the compressor's memory goes now.
    cancel: () => {
      zlib.destroy();
    },
  };
  return new TransformStream(transformer);
}

/**
 * The bytes already read (`head`), then the rest of `reader`, as one stream; `failed` is an
 * error the source raised while `head` was read, raised again after it. Cancelling it
 * cancels the source (a CSV download's worker stops when its reader goes away).
 */
function replay(
  head: Uint8Array[],
  reader: ReadableStreamDefaultReader<Uint8Array>,
  failed: { error: unknown } | null,
): ReadableStream<Uint8Array> {
  const queued = [...head];
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const next = queued.shift();
        if (next) return controller.enqueue(next);
        if (failed) return controller.error(failed.error);
        try {
          const { done, value } = await reader.read();
          if (done) controller.close();
          else controller.enqueue(value);
        } catch (error) {
          controller.error(error);
        }
      },
      cancel: (reason) => reader.cancel(reason),
    },
    { highWaterMark: 0 },
  );
}

/**
 * Compresses the API's answers when the client accepts br or gzip and the answer is JSON or
 * CSV of 1 KB or more. The body is read only up to that first KB to decide, then streamed:
 * a CSV download or a streamed export goes on streaming (through the compressor, chunk by
 * chunk), and an error or a cancel still reaches the other end. SSE is never touched.
 */
export function compressAnswers(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    const type = res.headers.get("Content-Type") ?? "";
    if (
      !res.body ||
      c.req.method === "HEAD" ||
      res.status === 204 ||
      res.status === 206 ||
      res.status === 304 ||
      res.headers.has("Content-Encoding") ||
      !COMPRESSIBLE.test(type) ||
      /(?:^|,)\s*no-transform\s*(?:,|$)/i.test(res.headers.get("Cache-Control") ?? "")
    ) {
      return;
    }
    const length = res.headers.get("Content-Length");
    if (length !== null && Number(length) < COMPRESS_THRESHOLD_BYTES) return;
    varyOnEncoding(res.headers);
    const encoding = acceptedEncodings(c.req.header("Accept-Encoding"))[0];
    if (!encoding) return;

    // Reads the first KB (or the whole of a smaller answer) to see whether it is worth it.
    const reader = res.body.getReader();
    const head: Uint8Array[] = [];
    let size = 0;
    let ended = false;
    let failed: { error: unknown } | null = null;
    try {
      while (size < COMPRESS_THRESHOLD_BYTES) {
        const { done, value } = await reader.read();
        if (done) {
          ended = true;
          break;
        }
        head.push(value);
        size += value.byteLength;
      }
    } catch (error) {
      failed = { error };
    }
    const body = replay(head, reader, failed);
    if (ended && size < COMPRESS_THRESHOLD_BYTES) {
      c.res = new Response(body, res);
      return;
    }
    c.res = new Response(body.pipeThrough(compressionStream(encoding)), res);
    c.res.headers.delete("Content-Length");
    c.res.headers.set("Content-Encoding", encoding);
    const etag = c.res.headers.get("ETag");
    if (etag && !etag.startsWith("W/")) c.res.headers.set("ETag", `W/${etag}`);
  };
}
