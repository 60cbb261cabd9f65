#!/usr/bin/env bash
# Start-up of the CLI, one-shot and through the daemon, inside the test desktop (so commands probe a real X
# server and session bus), with hyperfine; then the daemon's socket round trip (ping, persistent client), MCP's
# first initialize, and a gRPC round trip from a python3-grpcio client. Needs hyperfine, python3-grpcio,
# protobuf-compiler(-grpc) and a built run/target (praefectus.jar, the praefectus script, praefectus.jsa).
#   benchmarks/cold-start/run.sh [RUNS]
set -euo pipefail
cd "$(dirname "$0")/../.."
runs=${1:-10}
target=$PWD/run/target
[ -f "$target/praefectus.jar" ] || { echo "build first: mvn -B -q install -DskipTests" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
protoc -I bundles/daemon-grpc/src/main/proto --python_out="$work" --grpc_out="$work" \
  --plugin=protoc-gen-grpc=/usr/bin/grpc_python_plugin peekaboox/v1/peekaboox.proto

scripts/test-desktop bash -s "$target" "$work" "$runs" "$PWD/benchmarks/cold-start" <<'INNER'
set -euo pipefail
target=$1; work=$2; runs=$3; here=$4
jar=$target/praefectus.jar
cd "$work"
export XDG_CACHE_HOME=$work/cache XDG_STATE_HOME=$work/state
echo "load: $(uptime)"
java -jar "$jar" --no-daemon help >/dev/null   # the one extraction into the bundle cache
echo "## phases (PRAEFECTUS_PHASES=1), one-shot capabilities, java -jar / script"
PRAEFECTUS_PHASES=1 java -jar "$jar" --no-daemon capabilities 2>&1 >/dev/null
PRAEFECTUS_PHASES=1 "$target/praefectus" --no-daemon capabilities 2>&1 >/dev/null
hyperfine -N --warmup 1 --runs "$runs" --export-json "$work/oneshot.json" \
  -n "java -jar capabilities" "java -jar $jar --no-daemon capabilities" \
  -n "praefectus capabilities (C1, SerialGC, CDS)" "$target/praefectus --no-daemon capabilities" \
  -n "java -jar help" "java -jar $jar --no-daemon help" \
  -n "praefectus help (C1, SerialGC, CDS)" "$target/praefectus --no-daemon help" >/dev/null

java -jar "$jar" daemon --grpc-addr 127.0.0.1:0 > "$work/daemon.out" 2>"$work/daemon.err" &
daemon=$!
for _ in $(seq 600); do [ -s "$work/daemon.out" ] && break; sleep 0.1; done
grpc=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["data"]["grpc"])' "$work/daemon.out")
echo "## phases through the daemon"
PRAEFECTUS_PHASES=1 "$target/praefectus" --daemon capabilities 2>&1 >/dev/null
hyperfine -N --warmup 2 --runs "$runs" --export-json "$work/daemon.json" \
  -n "java -jar --daemon capabilities" "java -jar $jar --daemon capabilities" \
  -n "praefectus --daemon capabilities" "$target/praefectus --daemon capabilities" \
  -n "praefectus --daemon help" "$target/praefectus --daemon help" >/dev/null
for f in oneshot daemon; do
python3 - "$work/$f.json" <<'PY'
import json, sys
print("| command | median (s) | min (s) | max (s) |")
print("|---|---|---|---|")
for r in json.load(open(sys.argv[1]))["results"]:
    print(f"| {r['command']} | {r['median']:.3f} | {r['min']:.3f} | {r['max']:.3f} |")
PY
done
echo "## socket ping, persistent client (1000 calls after 100 warm-up)"
/usr/bin/python3 - "$XDG_RUNTIME_DIR/praefectus.sock" <<'PY'
import socket, sys, time
s = socket.socket(socket.AF_UNIX); s.connect(sys.argv[1]); f = s.makefile("rwb")
samples = []
for i in range(1100):
    t = time.perf_counter(); f.write(b'{"method":"ping"}\n'); f.flush(); f.readline()
    if i >= 100: samples.append((time.perf_counter() - t) * 1000)
samples.sort()
print(f"ping p50 {samples[500]:.3f} ms, p90 {samples[900]:.3f} ms, p99 {samples[990]:.3f} ms")
PY
echo "## gRPC round trips from python3-grpcio (200 calls after 20 warm-up)"
/usr/bin/python3 - "$work" "$grpc" <<'PY'
import sys, time
sys.path.insert(0, sys.argv[1])
import grpc
from peekaboox.v1 import peekaboox_pb2 as pb, peekaboox_pb2_grpc as rpc
stub = rpc.PeekabooXStub(grpc.insecure_channel(sys.argv[2]))
def bench(name, call):
    samples = []
    for i in range(220):
        t = time.perf_counter()
        try: call()
        except grpc.RpcError as e: status = e.code().name
        else: status = "OK"
        if i >= 20: samples.append((time.perf_counter() - t) * 1000)
    samples.sort()
    print(f"{name}: {status}, p50 {samples[100]:.2f} ms, p90 {samples[180]:.2f} ms")
bench("ListWindows", lambda: stub.ListWindows(pb.ListWindowsRequest(), timeout=30))
bench("CaptureDelta 64x64", lambda: stub.CaptureDelta(pb.CaptureDeltaRequest(stream_id="b", region=pb.Rect(x=0, y=0, width=64, height=64)), timeout=30))
PY
kill -TERM "$daemon"; wait "$daemon" || true

echo "## MCP: first initialize answered after spawn (5 runs)"
for _ in 1 2 3 4 5; do
/usr/bin/python3 - "$jar" "$target/praefectus" <<'PY'
import json, subprocess, sys, time
for label, command in (("java -jar", ["java", "-jar", sys.argv[1], "mcp"]), ("praefectus", [sys.argv[2], "mcp"])):
    t = time.perf_counter()
    p = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    p.stdin.write((json.dumps({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "bench", "version": "1"}}}) + "\n").encode())
    p.stdin.flush(); p.stdout.readline()
    print(f"{label}: initialize answered {time.perf_counter() - t:.3f} s after spawn")
    p.stdin.close(); p.wait(30)
PY
done
echo "load: $(uptime)"
INNER
