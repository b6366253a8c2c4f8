/**
 * The web build's text files compressed once, at build (decision 057): beside each .js, .css,
 * .html, .svg, .json, .map and .txt file its brotli (.br, quality 11) and gzip (.gz, level 9)
 * twins, which src/web-static.ts serves by the request's Accept-Encoding. A twin that would
 * not be smaller than its file is not written (the file goes as it is).
 */
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

/** What is compressed at build: the text types src/web-static.ts serves compressed. */
export const PRECOMPRESSED = /\.(js|css|html|svg|json|map|txt)$/i;

export interface Precompressed {
  files: number;
  bytes: number;
  brotliBytes: number;
  gzipBytes: number;
}

/** Writes the .br and .gz twins of every text file under `dir`; answers the totals. */
export function precompressDir(dir: string): Precompressed {
  const totals: Precompressed = { files: 0, bytes: 0, brotliBytes: 0, gzipBytes: 0 };
  for (const name of new Bun.Glob("**/*").scanSync({ cwd: dir, onlyFiles: true })) {
    if (!PRECOMPRESSED.test(name)) continue;
    const path = join(dir, name);
    const bytes = readFileSync(path);
    const br = brotliCompressSync(bytes, {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    });
    const gz = gzipSync(bytes, { level: constants.Z_BEST_COMPRESSION });
    totals.files += 1;
    totals.bytes += bytes.length;
    totals.brotliBytes += Math.min(br.length, bytes.length);
    totals.gzipBytes += Math.min(gz.length, bytes.length);
    // A twin no smaller than its file is not written, and an older one goes.
    if (br.length < bytes.length) writeFileSync(`${path}.br`, br);
    else rmSync(`${path}.br`, { force: true });
    if (gz.length < bytes.length) writeFileSync(`${path}.gz`, gz);
    else rmSync(`${path}.gz`, { force: true });
  }
  return totals;
}
