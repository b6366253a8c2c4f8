/**
 * The container image's size (issue 22 item 7, decision 061) into bench/results/latest.json
 * as `image: {bytes, mb, measuredAt, base, builder, name, limitMb, met}` (other keys kept).
 * scripts/build-image.sh calls it after each build; by hand, for an image already built:
 *
 *   bun bench/image-size.ts [--image betting-shop:latest]    (asks docker, else podman)
 *   bun bench/image-size.ts --bytes 231000000 --base <ref> --builder buildah
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";

const ROOT = resolve(import.meta.dir, "..");
/** The bound: an image under 250 MB (10^6 bytes, as docker and podman print sizes). */
export const IMAGE_LIMIT_MB = 250;

const { values } = parseArgs({
  options: {
    image: { type: "string", default: process.env.IMAGE ?? "betting-shop:latest" },
    bytes: { type: "string" },
    base: { type: "string" },
    builder: { type: "string" },
  },
});

function inspect(cli: string[], format: string): string | null {
  const run = Bun.spawnSync([...cli, "image", "inspect", "--format", format, values.image], {
    stderr: "ignore",
  });
  return run.exitCode === 0 ? run.stdout.toString().trim() : null;
}

let bytes = values.bytes ? Number(values.bytes) : Number.NaN;
let builder = values.builder ?? null;
if (!Number.isFinite(bytes)) {
  const clis: [string, string[]][] = [
    ["docker", ["docker"]],
    ["buildah", ["podman", "--storage-driver", process.env.STORAGE_DRIVER ?? "vfs"]],
  ];
  for (const [name, cli] of clis) {
    if (!Bun.which(cli[0] as string)) continue;
    const size = inspect(cli, "{{.Size}}");
    if (size) {
      bytes = Number(size);
      builder ??= name;
      break;
    }
  }
}
if (!Number.isFinite(bytes) || bytes <= 0) {
  console.error(`no size for image ${values.image}: build it first (scripts/build-image.sh)`);
  process.exit(1);
}

const mb = Math.round(bytes / 100_000) / 10;
const image = {
  name: values.image,
  bytes,
  mb,
  limitMb: IMAGE_LIMIT_MB,
  met: mb < IMAGE_LIMIT_MB,
  base: values.base ?? null,
  builder,
  measuredAt: new Date().toISOString(),
};
const resultsPath = join(ROOT, "bench/results/latest.json");
const previous = existsSync(resultsPath)
  ? (JSON.parse(readFileSync(resultsPath, "utf8")) as Record<string, unknown>)
  : {};
mkdirSync(join(ROOT, "bench/results"), { recursive: true });
writeFileSync(resultsPath, `${JSON.stringify({ ...previous, image }, null, 2)}\n`);
// The checked-in file stays as `biome check` wants it (short arrays on one line).
const biome = join(ROOT, "node_modules/.bin/biome");
if (existsSync(biome))
  Bun.spawnSync([biome, "format", "--write", resultsPath], { stdout: "ignore" });
console.log(
  `image ${image.name}: ${mb} MB (target < ${IMAGE_LIMIT_MB} MB) ${image.met ? "met" : "NOT MET"}; wrote bench/results/latest.json (image)`,
);
