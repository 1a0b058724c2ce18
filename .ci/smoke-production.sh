#!/usr/bin/env bash
# The production install, as the Dockerfile's runtime stage does it: the built tree (dist/, bin/,
# scripts/start.js, package files) copied to a scratch folder, `npm ci --omit=dev`, then the service
# started with the container's command and memory setting (`MALLOC_ARENA_MAX=2 node --max-old-space-size=512
# scripts/start.js`, what `npm start` runs) on embedded
# PGlite with the face models loaded, and scripts/smoke.js run against it (create, submit in test
# mode, decided, webhook delivered and signed). 20 s alone on the 2-core machine, 13 s of it the install
# (npm's cache warm); 30-40 s in CI, where the static checks run beside it.
set -euo pipefail
cd "$(dirname "$0")/.."
# The embedded default: .ci/run exports the test server's DATABASE_URL and REDIS_URL for npm test.
unset DATABASE_URL REDIS_URL
root=$PWD

node scripts/start.js --build-only
work=$(mktemp -d /tmp/idv-smoke-XXXXXX)
pid=
cleanup() {
  if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then kill -TERM "$pid"; wait "$pid" || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

mkdir -p "$work/app/scripts"
cp -r package.json package-lock.json dist bin "$work/app/"
cp scripts/start.js scripts/smoke.js "$work/app/scripts/"
cd "$work/app"
started=$(date +%s.%N)
npm ci --omit=dev --ignore-scripts --no-audit --no-fund --loglevel=error
installed=$(date +%s.%N)
if [ -e node_modules/tsx ] || [ -e node_modules/typescript ] || [ -e node_modules/vitest ]; then
  echo "smoke: a dev dependency was installed by npm ci --omit=dev" >&2
  exit 1
fi

# The CLI from the built tree: migrations applied to the data directory the service then opens.
DATA_DIR="$work/data" node bin/idv.js migrate

: >"$work/service.log"
NODE_ENV=production PORT=0 DATA_DIR="$work/data" WEBHOOK_ALLOW_INSECURE=1 \
  DATA_ENCRYPTION_KEY="$(openssl rand -hex 32)" WEBHOOK_SECRET_KEY="$(openssl rand -hex 32)" \
  MEDIA_SIGNING_KEY="$(openssl rand -hex 32)" METRICS_TOKEN="smoke-operations-token-0123456789abcdef" \
  SANCTIONS_LIST=/nonexistent/no-list-in-the-smoke-test MALLOC_ARENA_MAX=2 \
  node --max-old-space-size=512 scripts/start.js >"$work/service.log" 2>&1 &
pid=$!
for _ in $(seq 1 600); do
  grep -q '"msg":"listening"' "$work/service.log" && break
  kill -0 "$pid" 2>/dev/null || { cat "$work/service.log" >&2; exit 1; }
  sleep 0.2
done
address=$(grep -o '"address":"[^"]*"' "$work/service.log" | head -n 1 | cut -d'"' -f4)
# A first start writes the root key to DATA_DIR/root-key (0600) and never prints it.
root_key=$(cat "$work/data/root-key")
[ "$(stat -c %a "$work/data/root-key")" = 600 ] || { echo "smoke: the root key file is not 0600" >&2; exit 1; }
if grep -qF "$root_key" "$work/service.log"; then
  echo "smoke: the root key was printed" >&2
  exit 1
fi
BASE_URL="$address" API_KEY="$root_key" SMOKE_TIMEOUT_MS=120000 node scripts/smoke.js
# A second process on the same PGlite directory is refused, and writes nothing.
if DATA_DIR="$work/data" node bin/idv.js keys create --label beside --scopes '*' 2>"$work/cli.err"; then
  echo "smoke: the CLI opened the data directory the running service holds" >&2
  exit 1
fi
grep -q "is in use by process $pid" "$work/cli.err" || { cat "$work/cli.err" >&2; exit 1; }
ready=$(curl -s -H "authorization: Bearer smoke-operations-token-0123456789abcdef" "$address/readyz")
echo "$ready" | grep -q '"face_models":{"status":"ok"' || { echo "smoke: face models not loaded: $ready" >&2; exit 1; }
kill -TERM "$pid"
wait "$pid"
pid=
printf 'smoke: npm ci --omit=dev %.1f s, %s of node_modules; built service passed in %.1f s in all\n' \
  "$(echo "$installed - $started" | bc)" "$(du -sh node_modules | cut -f1)" "$(echo "$(date +%s.%N) - $started" | bc)"
cd "$root"
