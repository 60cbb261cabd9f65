#!/usr/bin/env bash
# The typed desktop service against the command-line path it replaced (issue #35), side by side in one daemon:
# socket `find_elements` (typed: fields -> ElementQuery -> DesktopService) against socket `cli` `elements ...` (the
# argument list the socket used to build, parsed by the CLI command, its envelope written back), interleaved on one
# connection against the same zenity window; and gRPC FindElement (typed, through the same service). Prints p50 and
# p95 per path in milliseconds.
#   benchmarks/daemon/typed-desktop.sh [CALLS]     (needs run/target/praefectus.jar; runs in a private test desktop)
set -euo pipefail
cd "$(dirname "$0")/../.."
calls=${1:-200}
jar="$(pwd)/run/target/praefectus.jar"
stubs=$(mktemp -d)
protoc -I bundles/daemon-grpc/src/main/proto --python_out="$stubs" --grpc_out="$stubs" \
  --plugin=protoc-gen-grpc=/usr/bin/grpc_python_plugin peekaboox/v1/peekaboox.proto
cat >"$stubs/bench.py" <<'PY'
import json, os, socket, statistics, subprocess, sys, tempfile, time
sys.path.insert(0, os.path.dirname(__file__))
import grpc
from peekaboox.v1 import peekaboox_pb2 as pb, peekaboox_pb2_grpc as rpc
jar, calls = sys.argv[1], int(sys.argv[2])
state = tempfile.mkdtemp()
title = "Typed Bench %d" % os.getpid()
window = subprocess.Popen(["zenity", "--entry", "--title", title, "--text", "bench"],
                          stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
daemon = subprocess.Popen(["java", "-jar", jar, "daemon", "--grpc-addr", "127.0.0.1:0", "--state-dir", state],
                          stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
ready = json.loads(daemon.stdout.readline())["data"]
conn = socket.socket(socket.AF_UNIX)
conn.connect(ready["socket"])
reader = conn.makefile("r")
def call(request):
    conn.sendall((json.dumps(request) + "\n").encode())
    return json.loads(reader.readline())
typed = {"method": "find_elements", "params": {"selector": "role=push button", "window_title": title}}
argv = {"method": "cli", "params": {"argv": ["elements", "--selector", "role=push button", "--window-title", title]}}
stub = rpc.PeekabooXStub(grpc.insecure_channel(ready["grpc"]))
request = pb.FindElementRequest(selector="role=push button", window_title=title)
until = time.time() + 60
while time.time() < until and call(typed)["data"]["count"] < 1:
    time.sleep(0.2)
samples = {"socket find_elements (typed)": [], "socket cli elements (argument list)": [], "gRPC FindElement (typed)": []}
try:
    for _ in range(calls):
        for name in samples:
            start = time.perf_counter()
            if name.startswith("gRPC"):
                found = len(stub.FindElement(request, timeout=30).elements)
            else:
                found = call(typed if "typed" in name else argv)["data"]["count"]
            samples[name].append((time.perf_counter() - start) * 1000)
            assert found >= 1, name
finally:
    daemon.terminate(); daemon.wait(30); window.terminate()
for name, values in samples.items():
    ordered = sorted(values)
    print("%-38s p50 %6.2f ms  p95 %6.2f ms  (%d calls)"
          % (name, statistics.median(ordered), ordered[int(round(0.95 * (len(ordered) - 1)))], len(ordered)))
PY
scripts/test-desktop /usr/bin/python3 "$stubs/bench.py" "$jar" "$calls" </dev/null
rm -rf "$stubs"
