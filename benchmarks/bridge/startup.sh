#!/bin/sh
# Start-up CPU of the bridge as shipped: CPU-seconds (utime + stime of the process and of the children it reaped,
# /proc/PID/stat fields 14-17) from exec to the first `GET /health` answered 200, side by side with Praetor's
# reference bridge and, when given, an earlier build of the launcher; the sides alternate within each round.
#   mvn -B -q -pl run -am install -DskipTests && benchmarks/bridge/startup.sh [ROUNDS]   (ROUNDS: 5)
# LAUNCHER  the launcher under test (default run/target/praefectus-bridge)
# BEFORE    another build's launcher, measured beside it (e.g. a copy of main's run/target/)
# PRAETOR   a checkout of chaochungkuo/praetor: its bridges/praetor-execd runs under $PYTHON (default
#           /usr/bin/python3) as `python3 -m uvicorn praetor_execd.main:app`. Debian bookworm has pydantic 1.10 and
#           FastAPI 0.92 only; PYTHONPATH may name a folder with a sitecustomize.py that maps pydantic 2's names
#           (model_validate, model_dump, model_validator, ...) and FastAPI(lifespan=...) onto them.
# Both bridges get the same configuration: the fake `codex` and `claude` of tests/fixtures, both enabled, both
# probed for /health. Every side starts once before the rounds, uncounted: the launcher writes its class-data
# archive and bundle cache at its first start, as it does once after an install.
set -eu
repo=$(cd "$(dirname "$0")/../.." && pwd)
rounds=${1:-5}
launcher=${LAUNCHER:-$repo/run/target/praefectus-bridge}
python=${PYTHON:-/usr/bin/python3}
work=$(mktemp -d)
pid=""
trap '[ -n "$pid" ] && kill "$pid" 2>/dev/null; rm -rf "$work"' EXIT
mkdir -p "$work/ws" "$work/bin"
for cli in codex claude; do
  cp "$repo/tests/fixtures/src/main/resources/fake-cli/$cli" "$work/bin/$cli"
  chmod 700 "$work/bin/$cli"
done
export BENCH_TOKEN=bench-token-0123456789
ticks=$(getconf CLK_TCK)
port=$("$python" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')

config() { # side: the same configuration for every side, its own log folder
  cat > "$work/$1.yaml" <<YAML
server: {host: 127.0.0.1, port: $port, auth_token: env:BENCH_TOKEN}
paths: {host_workspace_root: $work/ws, allowed_roots: [$work/ws], deny_roots: []}
executors:
  codex: {enabled: true, command: $work/bin/codex, args: [], healthcheck: [], requires_login: true,
          supports_noninteractive_batch: true, supports_cancel: true}
  claude: {enabled: true, command: $work/bin/claude, args: [], healthcheck: [], requires_login: true,
           supports_noninteractive_batch: true, supports_cancel: true}
runtime: {max_concurrent_runs: 2, default_timeout_seconds: 600, max_event_buffer: 5000, persist_run_logs: true,
          log_dir: $work/logs-$1}
YAML
}

start() { # side: starts it in the background; its pid in $pid
  case "$1" in
    reference)
      PRAETOR_EXECD_CONFIG="$work/reference.yaml" "$python" -m uvicorn --app-dir "$PRAETOR/bridges/praetor-execd" \
        praetor_execd.main:app --host 127.0.0.1 --port "$port" --log-level warning > "$work/out" 2>&1 &
      ;;
    before) "$BEFORE" --config "$work/before.yaml" > "$work/out" 2>&1 & ;;
    launcher) "$launcher" --config "$work/launcher.yaml" > "$work/out" 2>&1 & ;;
  esac
  pid=$!
}

measure() { # side: prints the CPU-seconds of one start to the first /health 200
  start "$1"
  # a probe is given 10 s: one the bridge accepted and never answered would otherwise hang the run (seen once, see
  # the bridge's start-up history in docs/benchmarks-history.md); a probe failing after the listening line is said
  while probe=$(curl -s -m 10 -o /dev/null -w '%{http_code} %{errormsg}' -H "Authorization: Bearer $BENCH_TOKEN" \
      "http://127.0.0.1:$port/health" 2>/dev/null); [ "${probe%% *}" != 200 ]; do
    if ! kill -0 "$pid" 2>/dev/null; then echo "$1 exited:" >&2; cat "$work/out" >&2; exit 1; fi
    if grep -q listening "$work/out"; then echo "$1: a /health probe after the listening line: $probe" >&2; fi
    sleep 0.02
  done
  # fields 14-17 after the command name, which may hold spaces: utime stime cutime cstime
  cpu=$(sed 's/.*) //' "/proc/$pid/stat" | awk -v t="$ticks" '{ printf "%.2f", ($12 + $13 + $14 + $15) / t }')
  kill "$pid"
  wait "$pid" 2>/dev/null || true
  pid=""
  echo "$cpu"
}

sides="launcher"
[ -n "${BEFORE:-}" ] && sides="before $sides"
[ -n "${PRAETOR:-}" ] && sides="reference $sides"
for side in $sides; do
  config "$side"
  measure "$side" > /dev/null
done
echo "machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg), $(date -u '+%Y-%m-%d %H:%M UTC')"
for round in $(seq "$rounds"); do
  for side in $sides; do
    echo "$side $(measure "$side")" >> "$work/cpu"
  done
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "CPU-seconds to the first /health 200, $rounds starts each (sorted; median):"
for side in $sides; do
  sorted=$(awk -v s="$side" '$1 == s { print $2 }' "$work/cpu" | sort -n)
  median=$(echo "$sorted" | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }')
  echo "$side: $(echo "$sorted" | tr '\n' ' '); median $median"
done
