#!/usr/bin/env bash
# A selector click end to end through the resident runtime: `praefectus click --selector ... --window-title T`
# routed to `praefectus daemon --allow-input`, which observes, signs, fences, dispatches (AT-SPI invoke) and
# verifies; each run clicks a fresh zenity --info's OK button, checked by zenity exiting 0. Prints the wall time of
# the client command (its JVM start included) and the daemon's dispatch span from the receipt, median and p95.
#   benchmarks/linux/click-e2e.sh [RUNS]     (needs run/target/praefectus.jar)
set -euo pipefail
cd "$(dirname "$0")/../.."
runs=${1:-20}
jar="$(pwd)/run/target/praefectus.jar"
cat >/tmp/praefectus-click-e2e.py <<'PY'
import json, os, statistics, subprocess, sys, tempfile, time
jar, runs = sys.argv[1], int(sys.argv[2])
state = tempfile.mkdtemp()
env = dict(os.environ, PRAEFECTUS_ALLOW_GLOBAL_INPUT="1")
daemon = subprocess.Popen(["java", "-jar", jar, "daemon", "--allow-input", "--no-grpc", "--state-dir", state],
                          env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
sock = os.path.join(os.environ["XDG_RUNTIME_DIR"], "praefectus.sock")
until = time.time() + 120
while not os.path.exists(sock) and time.time() < until:
    time.sleep(0.2)
wall, span = [], []
try:
    for i in range(runs):
        title = "E2E Click %d" % i
        app = subprocess.Popen(["zenity", "--info", "--title", title, "--text", "x"],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        until = time.time() + 30
        while time.time() < until:
            out = subprocess.run(["java", "-jar", jar, "elements", "--window-title", title, "--selector",
                                  "role=push button,label-exact=OK"], capture_output=True, env=env).stdout
            answer = json.loads(out)
            if answer.get("ok") and answer["data"]["count"] == 1:
                break
            time.sleep(0.2)
        start = time.perf_counter()
        out = subprocess.run(["java", "-jar", jar, "click", "--selector", "role=push button,label-exact=OK",
                              "--window-title", title], capture_output=True, env=env).stdout
        elapsed = (time.perf_counter() - start) * 1000
        answer = json.loads(out)
        if not answer.get("ok") or answer["data"].get("status") != "succeeded" or app.wait(10) != 0:
            print("run %d failed: %s" % (i, out[:300]), file=sys.stderr)
            continue
        receipt = answer["data"]["receipt"]
        wall.append(elapsed)
        span.append(receipt["finished_at_ms"] - receipt["started_at_ms"])
finally:
    daemon.terminate()
    daemon.wait(30)
def p95(values):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(0.95 * (len(ordered) - 1))))]
print("selector click via daemon: %d/%d succeeded; client wall median %.0f ms p95 %.0f ms; receipt span median %.0f ms p95 %.0f ms"
      % (len(wall), runs, statistics.median(wall), p95(wall), statistics.median(span), p95(span)))
PY
scripts/test-desktop /usr/bin/python3 /tmp/praefectus-click-e2e.py "$jar" "$runs" </dev/null
