#!/usr/bin/env bash
# Window capture with another window over it, inside a private test desktop: two xmessage windows, the second over
# the first; the median of RUNS captures of the lower one as before the occluded warning (rectangle + MIT-SHM) and
# with the stacking read that names the window over it (WindowCaptureBenchmark). Client and X server unpinned.
#   benchmarks/linux/window-capture.sh [RUNS]   (needs: mvn -B -q -pl bundles/linux -am package -DskipTests)
set -euo pipefail
cd "$(dirname "$0")/../.."
runs=${1:-50}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
[ -f bundles/linux/target/classes/org/praefectus/linux/capture/WindowCoverage.class ] || {
  echo "build first: mvn -B -q -pl bundles/linux -am package -DskipTests" >&2; exit 2; }
mvn -B -q -o ${MAVEN_REPO:+-Dmaven.repo.local=$MAVEN_REPO} -pl bundles/linux dependency:build-classpath \
  -Dmdep.includeScope=compile -Dmdep.outputFile="$work/cp" >/dev/null
classpath="bundles/api/target/classes:bundles/linux/target/classes:$(cat "$work/cp")"
javac -d "$work/classes" -cp "$classpath" benchmarks/linux/WindowCaptureBenchmark.java
classpath="$work/classes:$classpath"

cat >"$work/inner.sh" <<'INNER'
set -euo pipefail
classpath=$1; runs=$2
xmessage -title "Benchmark Lower" -geometry 800x600+100+100 -bg red lower >/dev/null 2>&1 &
lower=$(xdotool search --sync --onlyvisible --name '^Benchmark Lower$' | head -1)
xmessage -title "Benchmark Upper" -geometry 400x300+400+300 -bg blue upper >/dev/null 2>&1 &
upper=$(xdotool search --sync --onlyvisible --name '^Benchmark Upper$' | head -1)
sleep 1
java -XX:+UseSerialGC -cp "$classpath" org.praefectus.linux.capture.WindowCaptureBenchmark "$lower" "$upper" "$runs"
kill $(jobs -p) 2>/dev/null || true
wait 2>/dev/null || true
INNER
scripts/test-desktop bash "$work/inner.sh" "$classpath" "$runs" </dev/null
