/**
 * The API's answers compressed on the fly (decision 057): JSON and CSV of 1 KB or more go
 * out as brotli or gzip when the client accepts it, smaller answers and SSE as they are, and
 * a streamed body goes on streaming through the compressor.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { Hono } from "hono";
import {
  acceptedEncodings,
  COMPRESS_THRESHOLD_BYTES,
  compressAnswers,
} from "../src/lib/compression";
import { createTestApp, seedBasics, type TestApp } from "./helpers/test-app";

const CHROME = "gzip, deflate, br, zstd";

/** The body as sent (compressed or not) and as the client reads it after decoding. */
async function bodyOf(res: Response): Promise<{ sent: number; text: string }> {
  const bytes = new Uint8Array(await res.arrayBuffer());
  const encoding = res.headers.get("content-encoding");
  const plain =
    encoding === "br"
      ? brotliDecompressSync(bytes)
      : encoding === "gzip"
        ? gunzipSync(bytes)
        : Buffer.from(bytes);
  // As res.text() reads it (a CSV's byte order mark dropped).
  return { sent: bytes.length, text: new TextDecoder().decode(plain) };
}

describe("Accept-Encoding", () => {
  test("br first, then gzip; q=0 refuses; * stands for the rest; none is none", () => {
    expect(acceptedEncodings(CHROME)).toEqual(["br", "gzip"]);
    expect(acceptedEncodings("gzip")).toEqual(["gzip"]);
    expect(acceptedEncodings("br;q=0, gzip")).toEqual(["gzip"]);
    expect(acceptedEncodings("gzip;q=1, br;q=0.4")).toEqual(["gzip", "br"]);
    expect(acceptedEncodings("*")).toEqual(["br", "gzip"]);
    expect(acceptedEncodings("gzip;q=0, *")).toEqual(["br"]);
    expect(acceptedEncodings("identity")).toEqual([]);
    expect(acceptedEncodings(undefined)).toEqual([]);
  });
});

describe("the API's answers", () => {
  let t: TestApp;
  let plainList: string;
  beforeAll(async () => {
    t = await createTestApp();
    const { customerId } = await seedBasics(t);
    for (let i = 0; i < 25; i++) {
      await t.json("POST", "/api/customers", {
        body: { firstName: `Name${i}`, lastName: "Compressible", creditLimit: "0" },
      });
    }
    expect(customerId).toBeGreaterThan(0);
    plainList = await (await t.request("GET", "/api/customers?limit=50")).text();
    expect(plainList.length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);
  });
  afterAll(() => t.close());

  test("a large JSON list goes as brotli or gzip and decodes to the same JSON", async () => {
    for (const [accept, encoding] of [
      [CHROME, "br"],
      ["gzip", "gzip"],
    ] as const) {
      const res = await t.request("GET", "/api/customers?limit=50", {
        headers: { "Accept-Encoding": accept },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-encoding")).toBe(encoding);
      expect(res.headers.get("content-type")).toStartWith("application/json");
      expect(res.headers.get("vary")).toContain("Accept-Encoding");
      expect(res.headers.get("cache-control")).toBe("no-store");
      const { sent, text } = await bodyOf(res);
      expect(JSON.parse(text)).toEqual(JSON.parse(plainList));
      expect(sent).toBeLessThan(plainList.length / 2);
    }
  });

  test("no compression when the client does not accept it", async () => {
    for (const headers of [
      {},
      { "Accept-Encoding": "identity" },
      { "Accept-Encoding": "*;q=0" },
    ] as Record<string, string>[]) {
      const res = await t.request("GET", "/api/customers?limit=50", { headers });
      expect(res.headers.get("content-encoding")).toBeNull();
      expect(res.headers.get("vary")).toContain("Accept-Encoding");
      expect(await res.text()).toBe(plainList);
    }
  });

  test("an answer under 1 KB goes as it is", async () => {
    const res = await t.request("GET", "/api/user", { headers: { "Accept-Encoding": CHROME } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-encoding")).toBeNull();
    const text = await res.text();
    expect(text.length).toBeLessThan(COMPRESS_THRESHOLD_BYTES);
    expect(JSON.parse(text)).toMatchObject({ username: "admin1" });
    // An error answer too.
    const missing = await t.request("GET", "/api/customers/999999", {
      headers: { "Accept-Encoding": CHROME },
    });
    expect(missing.status).toBe(404);
    expect(missing.headers.get("content-encoding")).toBeNull();
    expect((await missing.json()).code).toBe("NOT_FOUND");
  });

  test("a CSV download is compressed and decodes to the same CSV", async () => {
    const plain = await (await t.request("GET", "/api/customers?format=csv")).text();
    expect(plain.split("\n").length).toBeGreaterThan(25);
    const res = await t.request("GET", "/api/customers?format=csv", {
      headers: { "Accept-Encoding": CHROME },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-encoding")).toBe("br");
    expect(res.headers.get("content-type")).toStartWith("text/csv");
    expect(res.headers.get("content-disposition")).toContain("attachment");
    const { text } = await bodyOf(res);
    expect(text).toBe(plain);
  });

  test("the events stream (SSE) is never compressed: its first event arrives as text", async () => {
    const res = await t.request("GET", "/api/events", {
      as: "user",
      headers: { "Accept-Encoding": CHROME },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toStartWith("text/event-stream");
    expect(res.headers.get("content-encoding")).toBeNull();
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    // The stream stays open: the ready event is read while it goes on (nothing buffered).
    const { value } = await reader.read();
    expect(new TextDecoder().decode(value)).toContain("event: ready");
    await reader.cancel();
  });
});

describe("a streamed answer", () => {
  /** A stream handing out `chunks`, the next one only once `release()` was called. */
  function gatedStream(chunks: string[]) {
    const encoder = new TextEncoder();
    let gate = Promise.withResolvers<void>();
    let sent = 0;
    let cancelled = false;
    const stream = new ReadableStream<Uint8Array>(
      {
        async pull(controller) {
          if (sent > 0) await gate.promise;
          gate = Promise.withResolvers<void>();
          const chunk = chunks[sent++];
          if (chunk === undefined) controller.close();
          else controller.enqueue(encoder.encode(chunk));
        },
        cancel() {
          cancelled = true;
        },
      },
      { highWaterMark: 0 },
    );
    return { stream, release: () => gate.resolve(), cancelled: () => cancelled };
  }

  /** Lines of CSV-like text, `n` of them, each different (so they do not compress to nothing). */
  const lines = (from: number, n: number) =>
    Array.from({ length: n }, (_, i) => `${from + i},customer ${(from + i) * 7919},Dublin\n`).join(
      "",
    );

  test("goes on streaming: the first part arrives before the rest is produced", async () => {
    for (const accept of [CHROME, "gzip"]) {
      const source = gatedStream([lines(0, 2000), lines(2000, 2000)]);
      const app = new Hono();
      app.use("*", compressAnswers());
      app.get(
        "/csv",
        () => new Response(source.stream, { headers: { "Content-Type": "text/csv" } }),
      );
      const res = await app.request("/csv", { headers: { "Accept-Encoding": accept } });
      expect(res.headers.get("content-encoding")).toBe(accept === "gzip" ? "gzip" : "br");
      const reader = (res.body as ReadableStream<Uint8Array>).getReader();
      const parts: Uint8Array[] = [];
      // The second chunk is produced only once compressed bytes of the first have arrived:
      // a middleware that buffered the whole body would wait here for ever.
      const first = await reader.read();
      expect(first.done).toBe(false);
      parts.push(first.value as Uint8Array);
      source.release();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        parts.push(value);
        source.release();
      }
      const bytes = Buffer.concat(parts);
      const text = (accept === "gzip" ? gunzipSync(bytes) : brotliDecompressSync(bytes)).toString();
      expect(text).toBe(lines(0, 4000));
    }
  });

  test("a client that goes away cancels the source", async () => {
    const source = gatedStream([lines(0, 2000), lines(2000, 2000)]);
    const app = new Hono();
    app.use("*", compressAnswers());
    app.get("/csv", () => new Response(source.stream, { headers: { "Content-Type": "text/csv" } }));
    const res = await app.request("/csv", { headers: { "Accept-Encoding": CHROME } });
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    await reader.read();
    await reader.cancel();
    const deadline = Date.now() + 30_000;
    while (!source.cancelled() && Date.now() < deadline) await Bun.sleep(5);
    expect(source.cancelled()).toBe(true);
  });

  test("a client hanging up mid-download through a real server cancels the source; the server goes on", async () => {
    // A source that never waits, so the compressor is busy when the client goes. Nothing may
    // escape from zlib's callbacks then (decision 057: an uncaught throw there ended the
    // server once; drain() lets the compressor go instead).
    const uncaught: unknown[] = [];
    const onUncaught = (error: unknown) => uncaught.push(error);
    process.on("uncaughtException", onUncaught);
    try {
      for (const accept of [CHROME, "gzip"]) {
        let pulls = 0;
        let cancelled = false;
        const source = new ReadableStream<Uint8Array>({
          pull(controller) {
            controller.enqueue(new TextEncoder().encode(lines(pulls * 2000, 2000)));
            pulls += 1;
          },
          cancel() {
            cancelled = true;
          },
        });
        const app = new Hono();
        app.use("*", compressAnswers());
        app.get("/csv", () => new Response(source, { headers: { "Content-Type": "text/csv" } }));
        app.get("/small", (c) => c.json({ ok: true }));
        // Through a real server: the client hangs up mid-download, as a browser does.
        using server = Bun.serve({ port: 0, fetch: app.fetch });
        const aborter = new AbortController();
        const res = await fetch(`${server.url}csv`, {
          headers: { "Accept-Encoding": accept },
          signal: aborter.signal,
          decompress: false,
        });
        const reader = (res.body as ReadableStream<Uint8Array>).getReader();
        await reader.read();
        aborter.abort();
        await reader.cancel().catch(() => undefined);
        const deadline = Date.now() + 30_000;
        while (!cancelled && Date.now() < deadline) await Bun.sleep(5);
        expect(cancelled).toBe(true);
        // The compressor's last callbacks run after the cancel: a served request after them
        // shows the process went on.
        const after = await fetch(`${server.url}small`, { headers: { "Accept-Encoding": accept } });
        expect(await after.json()).toEqual({ ok: true });
      }
    } finally {
      process.off("uncaughtException", onUncaught);
    }
    expect(uncaught).toEqual([]);
  });

  test("a source that fails mid-way fails the compressed stream too (never a short file)", async () => {
    let pulls = 0;
    const failing = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulls += 1;
        if (pulls === 1) controller.enqueue(new TextEncoder().encode(lines(0, 2000)));
        else controller.error(new Error("cut"));
      },
    });
    const app = new Hono();
    app.use("*", compressAnswers());
    app.get("/csv", () => new Response(failing, { headers: { "Content-Type": "text/csv" } }));
    const res = await app.request("/csv", { headers: { "Accept-Encoding": "gzip" } });
    expect(res.headers.get("content-encoding")).toBe("gzip");
    await expect(res.arrayBuffer()).rejects.toThrow();
  });
});
