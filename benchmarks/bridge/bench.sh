#!/bin/sh
# Bridge request latency and event throughput: the executable jar (HTTP Whiteboard, Felix HTTP Jetty 12)
# and the fake codex CLI, measured by ONE client process (benchmarks/bridge/BridgeHttpBench.java).
#   mvn -B -q -pl run -am verify -DskipTests && benchmarks/bridge/bench.sh
# BENCH_JAVA_OPTS="-Drounds=15 -Dhealth=100 -Druns=10 -Dreplays=10" are the defaults of the client.
# OLD_JAR=/path/to/other-bridge.jar adds a second bridge, measured interleaved with the first (the JDK
# HttpServer comparison in docs/benchmarks.md used the jar built from commit a8b2ddf, with FAKE_CODEX = that
# commit's fake codex: the current one refuses an argv without the features.multi_agent pin).
set -eu
repo=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
pids=""
trap 'for p in $pids; do kill $p 2>/dev/null; done; rm -rf "$work"' EXIT
mkdir -p "$work/ws/P" "$work/bin"
cp "${FAKE_CODEX:-$repo/tests/fixtures/src/main/resources/fake-cli/codex}" "$work/bin/codex"; chmod 700 "$work/bin/codex"
export BENCH_TOKEN=bench-token-0123456789

servers=""
start() { # name jar: starts a bridge in this shell (its pid is killed on exit) and adds it to $servers
  cat > "$work/$1.yaml" <<YAML
server: {host: 127.0.0.1, port: 0, auth_token: env:BENCH_TOKEN}
paths: {host_workspace_root: $work/ws, allowed_roots: [$work/ws], deny_roots: []}
executors:
  codex: {enabled: true, command: $work/bin/codex, args: [], healthcheck: [], requires_login: true,
          supports_noninteractive_batch: true, supports_cancel: true}
runtime: {max_concurrent_runs: 2, default_timeout_seconds: 60, max_event_buffer: 5000, persist_run_logs: true,
          log_dir: $work/logs-$1}
YAML
  java -jar "$2" --config "$work/$1.yaml" > "$work/$1.out" 2>&1 &
  pids="$pids $!"
  while ! grep -q listening "$work/$1.out" 2>/dev/null; do sleep 0.1; done
  servers="$servers $1=http://127.0.0.1:$(sed -n 's/.*127.0.0.1:\([0-9]*\).*/\1/p' "$work/$1.out")"
}

if [ -n "${OLD_JAR:-}" ]; then start old "$OLD_JAR"; fi
start whiteboard "$repo/run/target/praefectus-bridge.jar"
echo "machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"
# shellcheck disable=SC2086
java ${BENCH_JAVA_OPTS:-} "$repo/benchmarks/bridge/BridgeHttpBench.java" "$BENCH_TOKEN" "$work/ws" $servers
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
