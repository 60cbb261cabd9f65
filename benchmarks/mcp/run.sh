#!/usr/bin/env bash
# The MCP benchmark, inside a private test desktop: tools/call round trip of `observe` over stdio (official
# TypeScript SDK client → `praefectus.jar mcp`) against the same observation called in-process
# (Executor.observeSemantic in DirectObserve), interleaved pair by pair, on a zenity entry window and on
# gtk3-widget-factory (each the active window).
# Everything is pinned to CPU 0 (TEST-DESKTOP.md: unpinned D-Bus timings on 2 vCPUs are bimodal).
#   benchmarks/mcp/run.sh [PAIRS] [WARMUP]
#   (needs: mvn -B -q -pl run -am verify -DskipTests, and npm ci in tests/mcp-client)
set -euo pipefail
cd "$(dirname "$0")/../.."
pairs=${1:-200}
warmup=${2:-40}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
[ -f run/target/praefectus.jar ] && [ -f bundles/linux/target/classes/org/praefectus/linux/executor/LinuxExecutor.class ] || {
  echo "build first: mvn -B -q -pl run -am verify -DskipTests" >&2; exit 2; }
[ -d tests/mcp-client/node_modules/@modelcontextprotocol/sdk ] || (cd tests/mcp-client && npm ci --no-audit --no-fund --silent)
mvn -B -q -o -pl bundles/linux dependency:build-classpath -Dmdep.includeScope=compile \
  -Dmdep.outputFile="$work/cp" >/dev/null
classpath="bundles/api/target/classes:bundles/linux/target/classes:$(cat "$work/cp")"
javac -d "$work/classes" -cp "$classpath" benchmarks/mcp/DirectObserve.java
classpath="$work/classes:$classpath"

cat >"$work/inner.sh" <<'INNER'
set -euo pipefail
classpath=$1; pairs=$2; warmup=$3
pin_desktop() {
  local pid
  for pid in $(grep -l "XDG_RUNTIME_DIR=$XDG_RUNTIME_DIR" /proc/[0-9]*/environ 2>/dev/null | cut -d/ -f3); do
    case "$(cat /proc/$pid/comm 2>/dev/null)" in dbus-daemon|at-spi*) taskset -pc 0 "$pid" >/dev/null 2>&1 || true;; esac
  done
}
for app in zenity gtk3-widget-factory; do
  if [ "$app" = zenity ]; then
    taskset -c 0 zenity --entry --title "Praefectus MCP Benchmark" --text Value </dev/null >/dev/null 2>&1 &
  else
    taskset -c 0 gtk3-widget-factory </dev/null >/dev/null 2>&1 &
  fi
  sleep 3
  pin_desktop
  echo "== $app (the active window); load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
  taskset -c 0 node benchmarks/mcp/observe-bench.mjs "$PWD/run/target/praefectus.jar" "$classpath" "$pairs" "$warmup"
  echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
  kill $(jobs -p) 2>/dev/null || true
  wait 2>/dev/null || true
done
INNER
scripts/test-desktop bash "$work/inner.sh" "$classpath" "$pairs" "$warmup" </dev/null
