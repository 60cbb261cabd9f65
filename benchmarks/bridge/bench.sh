#!/bin/sh
# Bridge request latency and event throughput, against the executable jar and the fake codex CLI.
#   mvn -B -q -pl run -am verify -DskipTests && benchmarks/bridge/bench.sh
set -eu
repo=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'kill $pid 2>/dev/null; rm -rf "$work"' EXIT
mkdir -p "$work/ws/P" "$work/bin"
cp "$repo/bundles/bridge/src/test/resources/fake-cli/codex" "$work/bin/codex"; chmod 700 "$work/bin/codex"
cat > "$work/config.yaml" <<YAML
server: {host: 127.0.0.1, port: 0, auth_token: env:BENCH_TOKEN}
paths: {host_workspace_root: $work/ws, allowed_roots: [$work/ws], deny_roots: []}
executors:
  codex: {enabled: true, command: $work/bin/codex, args: [], healthcheck: [], requires_login: true,
          supports_noninteractive_batch: true, supports_cancel: true}
runtime: {max_concurrent_runs: 2, default_timeout_seconds: 60, max_event_buffer: 5000, persist_run_logs: true,
          log_dir: $work/logs}
YAML
export BENCH_TOKEN=bench-token-0123456789
java -jar "$repo/run/target/praefectus-bridge.jar" --config "$work/config.yaml" > "$work/out" 2>&1 &
pid=$!
while ! grep -q listening "$work/out" 2>/dev/null; do sleep 0.1; done
port=$(sed -n 's/.*127.0.0.1:\([0-9]*\).*/\1/p' "$work/out")
auth="Authorization: Bearer $BENCH_TOKEN"
curl -s -H "$auth" "http://127.0.0.1:$port/executors" > /dev/null   # warm the health cache
n=${N:-300}
start=$(date +%s%N)
i=0; while [ $i -lt $n ]; do curl -s -o /dev/null -H "$auth" "http://127.0.0.1:$port/health"; i=$((i+1)); done
end=$(date +%s%N)
echo "GET /health: $n sequential requests (curl per request), mean $(( (end-start)/n/1000 )) us"
body='{"request_id":"r","mission_id":"m","task_id":"t","executor":"codex","timeout_seconds":60,
"path_mapping":{"container_workspace_root":"/app/workspace","host_workspace_root":"'$work/ws'","target_workdir":"/app/workspace/P"},
"task_spec":{"title":"t","instructions":"SCENARIO:noise","input_files":[],"expected_outputs":[],
"approval_policy":{"allow_destructive_write":false,"allow_shell":false}}}'
runs=${RUNS:-20}
start=$(date +%s%N)
ids=""
i=0; while [ $i -lt $runs ]; do
  ids="$ids $(curl -s -H "$auth" -H 'Content-Type: application/json' -d "$body" "http://127.0.0.1:$port/runs" | sed -n 's/.*"run_id":"\([^"]*\)".*/\1/p')"
  i=$((i+1)); done
events=0
for id in $ids; do
  while ! curl -s -H "$auth" "http://127.0.0.1:$port/runs/$id" | grep -q '"finished_at":"'; do sleep 0.05; done
  c=$(curl -s -H "$auth" "http://127.0.0.1:$port/runs/$id/events" | grep -o '"seq":' | wc -l); events=$((events+c))
done
end=$(date +%s%N)
ms=$(( (end-start)/1000000 ))
echo "runs: $runs noise runs (about 310 JSONL lines each), max_concurrent_runs 2: $events events in $ms ms = $(( events*1000/ms )) events/s end to end"
