#!/bin/sh
# Benchmark: the workflow runtime's overhead per step beyond its actions (a 20-step workflow on a real zenity
# entry, signed by the daemon's host over the real engine), inside the private test desktop.
# Usage, from the repository root after `mvn -B -q -pl bundles/workflow -am install` (the test classes hold the
# desktop rig):
#   benchmarks/workflow/run.sh [RUNS]
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
runs=${1:-20}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mvn -B -q -o -f "$root/bundles/workflow/pom.xml" dependency:build-classpath -Dmdep.includeScope=test \
    -Dmdep.outputFile="$work/classpath" ${MAVEN_REPO:+-Dmaven.repo.local=$MAVEN_REPO} >/dev/null
classpath="$root/bundles/workflow/target/classes:$root/bundles/workflow/target/test-classes:$(cat "$work/classpath")"
mkdir -p "$work/state"
"$root/scripts/test-desktop" java -cp "$classpath" "$root/benchmarks/workflow/StepOverheadBenchmark.java" \
    "$work/state" "$runs"
