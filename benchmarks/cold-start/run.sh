#!/usr/bin/env bash
# Cold wall time of `java -jar run/target/praefectus.jar capabilities`, median of N runs, inside the test
# desktop (so the command probes a real X server and session bus), with the launch variants tried to
# reach the 0.6 s target. Needs hyperfine and a built run/target/praefectus.jar.
#   benchmarks/cold-start/run.sh [RUNS]
set -euo pipefail
cd "$(dirname "$0")/../.."
runs=${1:-10}
jar=$PWD/run/target/praefectus.jar
[ -f "$jar" ] || { echo "build first: mvn -B -q install -DskipTests" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

scripts/test-desktop bash -s "$jar" "$work" "$runs" <<'INNER'
set -euo pipefail
jar=$1; work=$2; runs=$3
cd "$work"
# AppCDS: one training run writes a dynamic archive of the classes the launch loaded.
java -XX:ArchiveClassesAtExit="$work/praefectus.jsa" -jar "$jar" capabilities >/dev/null 2>&1
hyperfine -N --warmup 1 --runs "$runs" --export-json "$work/result.json" \
  -n "default" "java -jar $jar capabilities" \
  -n "AppCDS" "java -XX:SharedArchiveFile=$work/praefectus.jsa -jar $jar capabilities" \
  -n "C1 only" "java -XX:TieredStopAtLevel=1 -jar $jar capabilities" \
  -n "AppCDS + C1 + SerialGC" "java -XX:SharedArchiveFile=$work/praefectus.jsa -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -jar $jar capabilities" \
  >/dev/null
python3 - "$work/result.json" <<'PY'
import json, sys
print("| variant | median (s) | min (s) | max (s) |")
print("|---|---|---|---|")
for r in json.load(open(sys.argv[1]))["results"]:
    print(f"| {r['command']} | {r['median']:.3f} | {r['min']:.3f} | {r['max']:.3f} |")
PY
INNER
