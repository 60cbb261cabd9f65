#!/usr/bin/env bash
# Observe benchmark: CdpExecutor.observePage against Playwright's ariaSnapshot() on the same headless Chromium and the
# same pages (login form, multi-step form, 200-result search list, 2,000-row table, single-page app with a modal; see
# pages.mjs), interleaved: ROUNDS rounds, each
# RUNS runs of one tool then RUNS of the other, alternating which goes first.
# Each tool warms up before every round's timed runs: WARMUP runs on the small pages (default 200: a resident daemon or
# MCP server observes with compiled code, not with a JVM's first interpreted runs), TABLE_WARMUP on the table (default 3:
# one of its observations runs every method thousands of times).
# With FLOOR_ROUNDS set, each page then gets ax-floor.mjs: Chromium's own cost of every Accessibility request that yields
# names for all its controls, against Playwright's snapshot, in that many interleaved rounds.
# With TREE_NAMES=1 the executor observes with CdpConfig.withAccessibilityTreeNames() (the whole accessibility tree's
# names, as before #39) instead of the default (a large page's roles and names computed in the page).
#   benchmarks/cdp/run.sh [ROUNDS] [RUNS] [PAGES]    (PAGES: default "login form search table spa"; MVN: the Maven)
set -euo pipefail
cd "$(dirname "$0")/../.."
rounds=${1:-3}
runs=${2:-5}
pages=${3:-login form search table spa}
mvn=${MVN:-mvn}
here=benchmarks/cdp

$mvn -B -q -pl bundles/cdp -am package dependency:build-classpath -DskipTests \
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
node "$here/pages.mjs" "$work" bundles/cdp/src/test/resources/org/praefectus/cdp/pages/login.html

/usr/bin/chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
  --disable-background-networking --disable-component-update --disable-sync --user-data-dir="$work/profile" \
  --remote-debugging-address=127.0.0.1 --remote-debugging-port=0 --window-size=1000,800 about:blank \
  >/dev/null 2>&1 &
chromium_pid=$!
for _ in $(seq 200); do [ -s "$work/profile/DevToolsActivePort" ] && break; sleep 0.05; done
port=$(head -n1 "$work/profile/DevToolsActivePort")
echo "chromium $(/usr/lib/chromium/chromium --version 2>/dev/null | awk '{print $2}'); load before: $(cut -d' ' -f1-3 /proc/loadavg)"
for name in $pages; do
  url="file://$work/$name.html"
  target=$(curl -sf -X PUT "http://127.0.0.1:$port/json/new?$url" | python3 -c 'import json,sys; print(json.load(sys.stdin)["id"])')
  sleep 1
  for round in $(seq "$rounds"); do
    warm=$([ "$name" = table ] && echo "${TABLE_WARMUP:-3}" || echo "${WARMUP:-200}")
    ours() { echo "$name round $round $(java -cp "$classpath" "$here/ObserveBenchmark.java" "127.0.0.1:$port" "$target" "$chromium_pid" "$runs" "$warm" ${TREE_NAMES:+tree})"; }
    theirs() { echo "$name round $round $(node "$here/playwright.mjs" "$port" "$url" "$runs" "$warm")"; }
    if [ $((round % 2)) -eq 1 ]; then ours; theirs; else theirs; ours; fi
  done
  if [ -n "${FLOOR_ROUNDS:-}" ]; then
    echo "$name floor: $(node "$here/ax-floor.mjs" "$port" "$url" "$chromium_pid" "$FLOOR_ROUNDS")"
  fi
done
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
