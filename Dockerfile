# The betting shop in one container (decision 061): bun serves the API and the built web app,
# SQLite lives on the /app/data volume, Litestream replicates it when REPLICA_URL is set.
# Build with scripts/build-image.sh: it pins both base images by digest (docker: the digest
# of debian:bookworm-slim and oven/bun:<bun version>-debian from the registry; buildah/podman
# without a docker engine: a debootstrap minbase and that base plus bun, by their local digest).
# By hand: docker build --build-arg BUN_IMAGE=oven/bun:1.4.5-debian@sha256:<digest> \
#   --build-arg BASE_IMAGE=debian:bookworm-slim@sha256:<digest> -t betting-shop .
# No defaults on purpose: an unpinned base cannot slip in.
ARG BUN_IMAGE
ARG BASE_IMAGE

# Build stage: every dependency (the web build needs the dev tools), the web app, then the
# files the server loads, traced from its imports (scripts/image-files.ts): production code only.
FROM ${BUN_IMAGE} AS build
WORKDIR /src
COPY package.json bun.lock bunfig.toml tsconfig.json ./
RUN bun install --frozen-lockfile
COPY . .
RUN bun run build && bun scripts/image-files.ts /out

# Runtime: a Debian base, the bun binary, the traced files; no node_modules from the build.
# /app/backups is there, owned by the server's user, for a volume with BACKUP_DIR=/app/backups.
FROM ${BASE_IMAGE}
RUN groupadd --gid 1000 shop \
  && useradd --uid 1000 --gid 1000 --home-dir /app --no-create-home --shell /usr/sbin/nologin shop \
  && mkdir -p /app/data /app/backups \
  && chown 1000:1000 /app/data /app/backups \
  && chmod 0700 /app/data /app/backups
COPY --from=build /usr/local/bin/bun /usr/local/bin/bun
COPY --from=build /out /app
WORKDIR /app
# BUN_RUNTIME_TRANSPILER_CACHE_PATH=0: no cache written under the read-only /app.
ENV NODE_ENV=production \
  HOST=0.0.0.0 \
  PORT=3000 \
  DATABASE_PATH=/app/data/betting-shop.db \
  LITESTREAM_PATH=/app/node_modules/@flydotio/litestream-linux-x64/litestream \
  BUN_RUNTIME_TRANSPILER_CACHE_PATH=0
USER 1000:1000
VOLUME ["/app/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["bun", "-e", "const s = process.env.TLS_CERT_PATH ? 'https' : 'http'; fetch(s + '://127.0.0.1:' + (process.env.PORT || 3000) + '/readyz', { tls: { rejectUnauthorized: false } }).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["bun", "src/index.ts"]
