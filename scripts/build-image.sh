#!/usr/bin/env bash
# Builds the container image (decision 061) and prints its size.
#
#   scripts/build-image.sh                 # build, print the size, record it in bench/results/latest.json
#   scripts/build-image.sh --smoke         # then run it with a volume and wait for /readyz
#   scripts/build-image.sh --smoke --replica   # the smoke run with REPLICA_URL=file:///app/data/replica
#   scripts/build-image.sh --smoke-only [--replica]   # the smoke run of the image already built
#
# With a Docker engine that answers (`docker info`), it builds with docker: the two base
# images (BUN_IMAGE for the build stage, BASE_IMAGE for the runtime) are pinned by digest,
# resolved here from their tags when not given. Without one, it builds with buildah and runs
# with podman (vfs storage, chroot isolation: no daemon, no privileges beyond root): the
# runtime base is a Debian minbase made with debootstrap and imported once, and the build
# stage's image is that base plus this machine's bun binary; both pinned by their local digest.
#
# Settings (environment): IMAGE (default betting-shop:latest), BASE_IMAGE, BUN_IMAGE,
# BUILDER (docker | buildah, default: docker when an engine answers), DEBIAN_SUITE (bookworm),
# DEBIAN_MIRROR (http://deb.debian.org/debian), WORK_DIR (/var/tmp/betting-shop-image).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
IMAGE="${IMAGE:-betting-shop:latest}"
SUITE="${DEBIAN_SUITE:-bookworm}"
MIRROR="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"
WORK_DIR="${WORK_DIR:-/var/tmp/betting-shop-image}"
BUN_VERSION="$(bun --version 2>/dev/null || echo 1.4.5)"
SMOKE=0
BUILD=1
REPLICA=0
for arg in "$@"; do
  case "$arg" in
    --smoke) SMOKE=1 ;;
    --smoke-only) SMOKE=1 BUILD=0 ;;
    --replica) REPLICA=1 ;;
    *) echo "unknown option: $arg" >&2; exit 2 ;;
  esac
done

say() { printf '==> %s\n' "$*" >&2; }
die() { printf 'build-image: %s\n' "$*" >&2; exit 1; }
pinned() { [[ "$1" =~ @sha256:[0-9a-f]{64}$ ]]; }

if [[ -z "${BUILDER:-}" ]]; then
  if command -v docker >/dev/null 2>&1 && docker info >/dev/null 2>&1; then BUILDER=docker; else BUILDER=buildah; fi
fi

if [[ "$BUILDER" == docker ]]; then
  CLI=(docker)
fi
if [[ "$BUILDER" == docker && "$BUILD" == 1 ]]; then
  # The digest of a tag, as the registry gave it (pull, then the repo digest).
  digest_of() {
    docker pull -q "$1" >/dev/null
    docker image inspect --format '{{index .RepoDigests 0}}' "$1"
  }
  BASE_IMAGE="${BASE_IMAGE:-$(digest_of "debian:${SUITE}-slim")}"
  BUN_IMAGE="${BUN_IMAGE:-$(digest_of "oven/bun:${BUN_VERSION}-debian")}"
  pinned "$BASE_IMAGE" || die "BASE_IMAGE is not pinned by digest: $BASE_IMAGE"
  pinned "$BUN_IMAGE" || die "BUN_IMAGE is not pinned by digest: $BUN_IMAGE"
  say "docker build: BUN_IMAGE=$BUN_IMAGE BASE_IMAGE=$BASE_IMAGE"
  docker build --build-arg "BASE_IMAGE=$BASE_IMAGE" --build-arg "BUN_IMAGE=$BUN_IMAGE" -t "$IMAGE" "$ROOT"
  BYTES="$(docker image inspect --format '{{.Size}}' "$IMAGE")"
elif [[ "$BUILDER" != docker ]]; then
  command -v buildah >/dev/null 2>&1 || die "no docker engine and no buildah: apt-get install -y buildah podman debootstrap"
  # One storage for buildah and podman; vfs needs no overlay support in the kernel.
  export STORAGE_DRIVER="${STORAGE_DRIVER:-vfs}"
  BAH=(buildah --storage-driver "$STORAGE_DRIVER")
  POD=(podman --storage-driver "$STORAGE_DRIVER")
  CLI=("${POD[@]}")
  local_digest() { "${POD[@]}" image inspect --format '{{.Digest}}' "$1"; }

  BASE_TAG="localhost/betting-shop-base:${SUITE}"
  if [[ "$BUILD" == 1 && -z "${BASE_IMAGE:-}" ]]; then
    if ! "${POD[@]}" image exists "$BASE_TAG"; then
      command -v debootstrap >/dev/null 2>&1 || die "no base image and no debootstrap: apt-get install -y debootstrap"
      say "making the base: debootstrap --variant=minbase $SUITE (about a minute)"
      rm -rf "$WORK_DIR/rootfs" && mkdir -p "$WORK_DIR"
      debootstrap --variant=minbase --include=ca-certificates "$SUITE" "$WORK_DIR/rootfs" "$MIRROR" >"$WORK_DIR/debootstrap.log"
      R="$WORK_DIR/rootfs"
      # What a server needs no copy of: documentation, manuals, translations, apt's caches
      # and lists (the apt/dpkg tools stay, so a derived image can still install packages;
      # the dpkg filter keeps them trimmed as debian:*-slim does).
      rm -rf "$R"/usr/share/doc/* "$R"/usr/share/man/* "$R"/usr/share/info/* \
        "$R"/usr/share/locale/* "$R"/usr/share/lintian "$R"/usr/share/bash-completion \
        "$R"/var/cache/apt/* "$R"/var/cache/debconf/*-old "$R"/var/lib/apt/lists/* \
        "$R"/var/log/* "$R"/tmp/* "$R"/var/tmp/*
      # glibc's iconv modules for legacy charsets (8 MB): bun and litestream never load them.
      find "$R"/usr/lib/*-linux-gnu/gconv -name '*.so' -delete
      cat >"$R/etc/dpkg/dpkg.cfg.d/docker-minimal" <<'EOF'
path-exclude /usr/share/doc/*
path-include /usr/share/doc/*/copyright
path-exclude /usr/share/man/*
path-exclude /usr/share/info/*
path-exclude /usr/share/locale/*
path-exclude /usr/share/lintian/*
EOF
      tar --numeric-owner -C "$R" -c . | "${POD[@]}" import \
        --change 'CMD ["/bin/bash"]' --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
        - "$BASE_TAG" >/dev/null
      rm -rf "$R"
    fi
    BASE_IMAGE="$BASE_TAG@$(local_digest "$BASE_TAG")"
  fi

  BUN_TAG="localhost/betting-shop-bun:${BUN_VERSION}"
  if [[ "$BUILD" == 1 && -z "${BUN_IMAGE:-}" ]]; then
    if ! "${POD[@]}" image exists "$BUN_TAG"; then
      # The build stage: the same base and this machine's bun (what oven/bun images hold).
      BUN_BIN="$(readlink -f "$(command -v bun)")" || die "bun is not on PATH"
      say "making the build stage's image: $BUN_TAG from $BUN_BIN"
      ctr="$("${BAH[@]}" from --quiet "$BASE_IMAGE")"
      "${BAH[@]}" copy --chmod 0755 "$ctr" "$BUN_BIN" /usr/local/bin/bun >/dev/null
      "${BAH[@]}" config --env BUN_RUNTIME_TRANSPILER_CACHE_PATH=0 "$ctr"
      "${BAH[@]}" commit --quiet --format docker "$ctr" "$BUN_TAG" >/dev/null
      "${BAH[@]}" rm "$ctr" >/dev/null
    fi
    BUN_IMAGE="$BUN_TAG@$(local_digest "$BUN_TAG")"
  fi
fi
if [[ "$BUILDER" != docker && "$BUILD" == 1 ]]; then
  pinned "$BASE_IMAGE" || die "BASE_IMAGE is not pinned by digest: $BASE_IMAGE"
  pinned "$BUN_IMAGE" || die "BUN_IMAGE is not pinned by digest: $BUN_IMAGE"

  say "buildah bud: BUN_IMAGE=$BUN_IMAGE BASE_IMAGE=$BASE_IMAGE"
  # bun's download cache is lent to the build stage when this machine has one (no
  # re-download of every package); the image never holds it.
  CACHE=()
  if [[ -d "$HOME/.bun/install/cache" ]]; then CACHE=(--volume "$HOME/.bun/install/cache:/root/.bun/install/cache"); fi
  "${BAH[@]}" bud --isolation chroot --format docker --layers=false \
    "${CACHE[@]}" \
    --build-arg "BASE_IMAGE=$BASE_IMAGE" --build-arg "BUN_IMAGE=$BUN_IMAGE" \
    -t "$IMAGE" "$ROOT"
  BYTES="$("${POD[@]}" image inspect --format '{{.Size}}' "$IMAGE")"
fi

if [[ "$BUILD" == 1 ]]; then
  MB="$(awk -v b="$BYTES" 'BEGIN { printf "%.1f", b / 1000000 }')"
  say "image $IMAGE: $BYTES bytes ($MB MB), base $BASE_IMAGE"
  bun "$ROOT/bench/image-size.ts" --bytes "$BYTES" --base "$BASE_IMAGE" --builder "$BUILDER" --image "$IMAGE"
fi

if [[ "$SMOKE" == 1 ]]; then
  # A data volume owned by the image's user (uid 1000), the port on loopback, /readyz polled,
  # then the image's own HEALTHCHECK command run inside it, then a clean stop (exit 0).
  VOLUME_DIR="$(mktemp -d)"
  chown 1000:1000 "$VOLUME_DIR"
  PORT="${SMOKE_PORT:-38123}"
  NAME="betting-shop-smoke-$$"
  OPTS=(-e ADMIN_PASSWORD=smoke-test-orchard-password)
  if [[ "$REPLICA" == 1 ]]; then OPTS+=(-e REPLICA_URL=file:///app/data/replica); fi
  if [[ "$BUILDER" != docker ]]; then
    # Podman without systemd cannot time healthchecks (the smoke runs the command itself);
    # crun refuses hybrid cgroups (v1 with a v2 mount) where runc copes; and a container
    # may not raise its limits above the ones this shell has (a sandbox's), so they are given.
    OPTS+=(--no-healthcheck --ulimit "nofile=$(ulimit -Hn):$(ulimit -Hn)" --ulimit nproc=4096:4096)
    if [[ -d /sys/fs/cgroup/unified ]] && command -v runc >/dev/null 2>&1; then OPTS+=(--runtime runc); fi
  fi
  # shellcheck disable=SC2206
  OPTS+=(${SMOKE_RUN_OPTS:-})
  say "smoke run: $NAME on 127.0.0.1:$PORT, volume $VOLUME_DIR (REPLICA_URL: $([[ $REPLICA == 1 ]] && echo file:///app/data/replica || echo none))"
  "${CLI[@]}" run -d --name "$NAME" -p "127.0.0.1:$PORT:3000" -v "$VOLUME_DIR:/app/data" "${OPTS[@]}" "$IMAGE" >/dev/null
  cleanup() { "${CLI[@]}" rm -f "$NAME" >/dev/null 2>&1 || true; }
  trap cleanup EXIT
  ready=0
  for _ in $(seq 1 60); do
    if body="$(curl -fsS "http://127.0.0.1:$PORT/readyz" 2>/dev/null)"; then ready=1; break; fi
    sleep 1
  done
  if [[ "$ready" != 1 ]]; then
    "${CLI[@]}" logs "$NAME" >&2 || true
    die "the image did not answer /readyz within 60 s"
  fi
  say "/readyz: $body"
  health="$("${CLI[@]}" image inspect --format '{{json .Config.Healthcheck.Test}}' "$IMAGE")"
  mapfile -t check < <(bun -e "for (const a of JSON.parse(process.argv[1]).slice(1)) console.log(a)" "$health")
  "${CLI[@]}" exec "$NAME" "${check[@]}" || die "the HEALTHCHECK command failed inside the container"
  say "HEALTHCHECK command: healthy"
  "${CLI[@]}" stop -t 15 "$NAME" >/dev/null
  code="$("${CLI[@]}" inspect --format '{{.State.ExitCode}}' "$NAME")"
  [[ "$code" == 0 ]] || die "the clean stop exited $code"
  say "stopped cleanly; the volume holds:"
  ls -ln "$VOLUME_DIR" >&2
  # A volume the image's user cannot write: one line, no stack trace.
  ROOT_OWNED="$(mktemp -d)"
  chmod 0755 "$ROOT_OWNED"
  if out="$("${CLI[@]}" run --rm -v "$ROOT_OWNED:/app/data" "${OPTS[@]}" "$IMAGE" 2>&1)"; then
    die "the image started on a volume it cannot write"
  fi
  rmdir "$ROOT_OWNED"
  say "a root-owned volume: $out"
  [[ "$out" == "Not started: DATABASE_PATH "*"not writable by uid 1000"* ]] || die "not the one-line refusal"
fi
