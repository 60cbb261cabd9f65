#!/usr/bin/env bash
# `windows` on 20 windows against wmctrl -lpG and xdotool search (issue #15): 20 zenity --info windows on a
# private test desktop, then, interleaved, for each run:
#   - the socket round trip of `list_windows` from a persistent client to `praefectus daemon` (the resident
#     runtime's EWMH + AT-SPI join, no JVM start), the same at once again (its AT-SPI side from the runtime's
#     cache, 500 ms lifetime, unless an AT-SPI event came), and of `list_windows` with backend x11 (EWMH only),
#   - `praefectus --daemon windows` as a user types it (the client's JVM start included),
#   - `wmctrl -lpG` and `xdotool search --onlyvisible --name .` (EWMH only, no accessibility), each a process.
# Prints median and p95 of each, and the ratio of the socket round trip to wmctrl.
#   benchmarks/linux/windows.sh [RUNS]     (needs run/target/praefectus.jar, wmctrl, xdotool)
set -euo pipefail
cd "$(dirname "$0")/../.."
runs=${1:-30}
jar="$(pwd)/run/target/praefectus.jar"
command -v wmctrl >/dev/null || { echo "windows.sh: wmctrl is needed (apt-get install wmctrl)" >&2; exit 1; }
cat >/tmp/praefectus-windows-bench.py <<'PY'
import json, os, socket, statistics, subprocess, sys, tempfile, time
jar, runs = sys.argv[1], int(sys.argv[2])
state = tempfile.mkdtemp()
apps = [subprocess.Popen(["zenity", "--info", "--title", "Bench Window %02d" % i, "--text", "x"],
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL) for i in range(20)]
daemon = subprocess.Popen(["java", "-jar", jar, "daemon", "--no-grpc", "--state-dir", state],
                          stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
path = os.path.join(os.environ["XDG_RUNTIME_DIR"], "praefectus.sock")
until = time.time() + 120
while not os.path.exists(path) and time.time() < until:
    time.sleep(0.2)
client = socket.socket(socket.AF_UNIX)
client.connect(path)
stream = client.makefile("rwb")
def list_windows(params=b"{}"):
    stream.write(b'{"method":"list_windows","id":1,"params":' + params + b'}\n')
    stream.flush()
    return json.loads(stream.readline())
until = time.time() + 60
while time.time() < until:  # every window mapped and listed before anything is timed
    answer = list_windows()
    if answer.get("ok") and sum(1 for w in answer["data"]["windows"] if w["title"].startswith("Bench Window")) == 20:
        break
    time.sleep(0.5)
else:
    sys.exit("the 20 windows never all appeared: %s" % json.dumps(answer)[:300])
def timed(run):
    start = time.perf_counter()
    run()
    return (time.perf_counter() - start) * 1000
samples = {"socket list_windows": [], "socket list_windows again": [], "socket list_windows x11": [], "praefectus --daemon windows": [], "wmctrl -lpG": [], "xdotool search": []}
try:
    for _ in range(runs):
        samples["socket list_windows"].append(timed(list_windows))
        # at once again: within the resident cache's 500 ms lifetime, its AT-SPI side is kept unless an event came
        samples["socket list_windows again"].append(timed(list_windows))
        samples["socket list_windows x11"].append(timed(lambda: list_windows(b'{"backend":"x11"}')))
        samples["praefectus --daemon windows"].append(timed(lambda: subprocess.run(
            ["java", "-jar", jar, "--daemon", "windows"], capture_output=True, check=True)))
        samples["wmctrl -lpG"].append(timed(lambda: subprocess.run(["wmctrl", "-lpG"], capture_output=True, check=True)))
        samples["xdotool search"].append(timed(lambda: subprocess.run(
            ["xdotool", "search", "--onlyvisible", "--name", "."], capture_output=True)))
finally:
    client.close()
    daemon.terminate()
    daemon.wait(30)
    for app in apps:
        app.kill()
def p95(values):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(0.95 * (len(ordered) - 1))))]
for name, values in samples.items():
    print("%-30s median %7.2f ms  p95 %7.2f ms" % (name, statistics.median(values), p95(values)))
for name in ("socket list_windows", "socket list_windows again", "socket list_windows x11"):
    print("%s / wmctrl -lpG: %.2fx (median)"
          % (name, statistics.median(samples[name]) / statistics.median(samples["wmctrl -lpG"])))
print("load average: %s" % open("/proc/loadavg").read().strip())
PY
scripts/test-desktop /usr/bin/python3 /tmp/praefectus-windows-bench.py "$jar" "$runs" </dev/null
