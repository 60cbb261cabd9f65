#!/bin/sh
# Benchmark: the desktop graph (#37): query latency at 10^4 nodes (goal <= 2 ms p50) and the ingest of
# gtk3-widget-factory's desktop state against the desktop-state call it stores (goal <= 1.2x), inside the private test
# desktop. Usage, from the repository root after `mvn -B -q -pl bundles/workflow -am install` (the test classes hold
# the desktop rig):
#   benchmarks/graph/run.sh [RUNS]
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
runs=${1:-20}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mvn -B -q -o -f "$root/bundles/workflow/pom.xml" dependency:build-classpath -Dmdep.includeScope=test \
    -Dmdep.outputFile="$work/classpath" ${MAVEN_REPO:+-Dmaven.repo.local=$MAVEN_REPO} >/dev/null
classpath="$root/bundles/workflow/target/classes:$root/bundles/workflow/target/test-classes:$(cat "$work/classpath")"
mkdir -p "$work/state"
"$root/scripts/test-desktop" java -cp "$classpath" "$root/benchmarks/graph/GraphBenchmark.java" "$work/state" "$runs"
