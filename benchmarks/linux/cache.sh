#!/usr/bin/env bash
# elements --selector "role=push button" on gtk3-widget-factory through the element finder: cold (no cache, as a
# one-shot CLI) and warm (the resident runtime's 500 ms cache with AT-SPI event invalidation), inside a private
# test desktop, and the pyatspi walk of the same window (benchmarks/linux/pyatspi_walk.py) for comparison.
#   benchmarks/linux/cache.sh [RUNS]   (needs: mvn -B -q -pl bundles/linux -am package -DskipTests;
# MVN names the Maven to use, default mvn)
set -euo pipefail
cd "$(dirname "$0")/../.."
runs=${1:-100}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"${MVN:-mvn}" -B -q -pl bundles/linux dependency:build-classpath -Dmdep.includeScope=compile \
  -Dmdep.outputFile="$work/cp" >/dev/null
classpath="bundles/api/target/classes:bundles/linux/target/classes:$(cat "$work/cp")"
javac -d "$work/classes" -cp "$classpath" benchmarks/linux/ElementCacheBenchmark.java
cat >"$work/inner.sh" <<'INNER'
set -euo pipefail
gtk3-widget-factory </dev/null >/dev/null 2>&1 &
sleep 4
java -XX:+UseSerialGC -cp "$1" org.praefectus.linux.bench.ElementCacheBenchmark gtk3-widget-factory "role=push button" "$2"
echo "pyatspi walk of the same window (role, name, states, extents of every node), median ms:"
/usr/bin/python3 benchmarks/linux/pyatspi_walk.py frame 20
kill $(jobs -p) 2>/dev/null || true
INNER
scripts/test-desktop bash "$work/inner.sh" "$work/classes:$classpath" "$runs" </dev/null
