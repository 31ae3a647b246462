#!/usr/bin/env bash
# The TypeScript client's check (.ci/run runs it; so can anyone, after
# `npm ci` here): Redocly lints api/openapi.json (0 errors, no unreferenced
# component: redocly.yaml), openapi-typescript generates its types
# (api.d.ts, not committed: made from the document each time), tsc --strict
# type-checks client.ts, and node plays a Give a Token game with it against
# a real server: the bench build (go build -tags bench), on a temporary
# SQLite file and a loopback port.
set -euo pipefail
cd "$(dirname "$0")"
export GOTOOLCHAIN="${GOTOOLCHAIN:-go1.27.3}"

echo "-- redocly lint"
npx --no-install redocly lint ../../openapi.json --format=summary 2>&1 | grep -v -E '║|╔|╚|^\s*$'

echo "-- openapi-typescript, tsc --strict"
npx --no-install openapi-typescript ../../openapi.json -o api.d.ts --default-non-nullable false --silent
rm -rf dist
npx --no-install tsc -p . --strict
# The client's own rule: no cast, no any, no non-null assertion.
if grep -n -v -E '^\s*//' client.ts | grep -E '\bas [A-Za-z{(]|\bany\b|[A-Za-z0-9_)\]]!(\.|\)|;|,|\[)'; then
  echo "client.ts has a cast, an any or a non-null assertion"; exit 1
fi

echo "-- the client against the bench build"
tmp=$(mktemp -d /tmp/tw-ts-client.XXXXXX)
(cd ../../.. && go build -tags bench -o "$tmp/tablewarden" ./cmd/tablewarden)
port=$(( 20000 + RANDOM % 20000 ))
"$tmp/tablewarden" -addr "127.0.0.1:$port" -db "$tmp/tw.db" -public-url "http://127.0.0.1:$port" > "$tmp/server.log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null || true; wait $server 2>/dev/null || true; rm -rf "$tmp"' EXIT
for _ in $(seq 1 100); do
  if node -e 'fetch(process.argv[1]).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))' "http://127.0.0.1:$port/healthz"; then break; fi
  if ! kill -0 $server 2>/dev/null; then cat "$tmp/server.log"; echo "the server did not start"; exit 1; fi
  sleep 0.1
done
timeout 60 node dist/client.js "http://127.0.0.1:$port"
