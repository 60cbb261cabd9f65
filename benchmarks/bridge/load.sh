#!/bin/sh
# The bridge under a burst: 200 concurrent POST /runs (fresh connections, released together) against the
# executable jar with max_concurrent_runs 2 and the fake codex; connection resets, POST p50/max,
# GET /runs/{id} p50/max while the queue drains, RSS before/during/after (benchmarks/bridge/BridgeLoadBench.java).
#   mvn -B -q -pl run -am verify -DskipTests && benchmarks/bridge/load.sh
# BENCH_JAVA_OPTS="-Dconnections=200" is the default.
set -eu
repo=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
pid=""
trap '[ -n "$pid" ] && kill $pid 2>/dev/null; rm -rf "$work"' EXIT
mkdir -p "$work/ws/P" "$work/bin"
cp "$repo/tests/fixtures/src/main/resources/fake-cli/codex" "$work/bin/codex"; chmod 700 "$work/bin/codex"
export BENCH_TOKEN=bench-token-0123456789
cat > "$work/config.yaml" <<YAML
server: {host: 127.0.0.1, port: 0, auth_token: env:BENCH_TOKEN}
paths: {host_workspace_root: $work/ws}
executors:
  codex: {enabled: true, command: $work/bin/codex, requires_login: true}
runtime: {max_concurrent_runs: 2, log_dir: $work/logs}
YAML
java ${BRIDGE_JAVA_OPTS:-} -jar "$repo/run/target/praefectus-bridge.jar" --config "$work/config.yaml" > "$work/out" 2>&1 &
pid=$!
while ! grep -q listening "$work/out" 2>/dev/null; do sleep 0.1; done
port=$(sed -n 's/.*127.0.0.1:\([0-9]*\).*/\1/p' "$work/out")
echo "machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"
# shellcheck disable=SC2086
java ${BENCH_JAVA_OPTS:-} "$repo/benchmarks/bridge/BridgeLoadBench.java" "$BENCH_TOKEN" "$work/ws" "http://127.0.0.1:$port" "$pid"
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
