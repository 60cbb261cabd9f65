#!/usr/bin/env bash
# Full-screen capture through the Screenshot portal and from a shared ScreenCast (PipeWire) on the headless
# Wayland test desktop (gnome-shell, one 1280x800 virtual monitor), median of RUNS; compare with run.sh's
# MIT-SHM numbers (docs/benchmarks.md). scripts/wayland-consent answers the Screen Share question.
#   benchmarks/linux/wayland.sh [RUNS]      (needs: mvn -B -q -pl bundles/linux -am package -DskipTests)
set -euo pipefail
cd "$(dirname "$0")/../.."
runs=${1:-20}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
[ -f bundles/linux/target/classes/org/praefectus/linux/wayland/WaylandDesktop.class ] || {
  echo "build first: mvn -B -q -pl bundles/linux -am package -DskipTests" >&2; exit 2; }
"${MVN:-mvn}" -B -q -o -pl bundles/linux dependency:build-classpath -Dmdep.includeScope=compile \
  -Dmdep.outputFile="$work/cp" >/dev/null
classpath="bundles/api/target/classes:bundles/linux/target/classes:$(cat "$work/cp")"
javac -d "$work/classes" -cp "$classpath" benchmarks/linux/WaylandCaptureBenchmark.java
scripts/test-wayland-desktop bash -c '/usr/bin/python3 scripts/wayland-consent cast & exec "$@"' consent \
  java -cp "$work/classes:$classpath" org.praefectus.linux.bench.WaylandCaptureBenchmark "$runs"
