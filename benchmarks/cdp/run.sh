#!/usr/bin/env bash
# Observe benchmark: CdpExecutor.observeSemantic against Playwright's locator('body').ariaSnapshot() on the same
# headless Chromium and the same generated page (~1,000 elements), median of RUNS (default 20) each.
#   benchmarks/cdp/run.sh [RUNS]
set -euo pipefail
cd "$(dirname "$0")/../.."
runs=${1:-20}
here=benchmarks/cdp

mvn -B -q -pl bundles/cdp -am package dependency:build-classpath -DskipTests \
  -Dmdep.outputFile=target/bench.classpath -Dmdep.includeScope=runtime
classpath="bundles/cdp/target/classes:bundles/api/target/classes:$(cat bundles/cdp/target/bench.classpath)"
[ -d "$here/node_modules/playwright-core" ] || (cd "$here" && npm install --no-audit --no-fund --silent)

work=$(mktemp -d /tmp/praefectus-cdp-bench.XXXXXX)
chromium_pid=
cleanup() {
  [ -n "$chromium_pid" ] && kill "$chromium_pid" 2>/dev/null && wait "$chromium_pid" 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT
node "$here/page.mjs" "$work/page.html"

/usr/bin/chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
  --disable-background-networking --disable-component-update --disable-sync --user-data-dir="$work/profile" \
  --remote-debugging-address=127.0.0.1 --remote-debugging-port=0 --window-size=1000,800 about:blank \
  >/dev/null 2>&1 &
chromium_pid=$!
for _ in $(seq 200); do [ -s "$work/profile/DevToolsActivePort" ] && break; sleep 0.05; done
port=$(head -n1 "$work/profile/DevToolsActivePort")
url="file://$work/page.html"
target=$(curl -sf -X PUT "http://127.0.0.1:$port/json/new?$url" | python3 -c 'import json,sys; print(json.load(sys.stdin)["id"])')
sleep 1

echo "page: $(grep -o '<[a-z]' "$work/page.html" | wc -l) elements; chromium $(/usr/lib/chromium/chromium --version 2>/dev/null | awk '{print $2}')"
java -cp "$classpath" "$here/ObserveBenchmark.java" "127.0.0.1:$port" "$target" "$chromium_pid" "$runs"
node "$here/playwright.mjs" "$port" "$url" "$runs"
