#!/bin/sh
# Benchmark: one plugin-call round trip against spawning the same plugin process directly.
# Usage, from the repository root after `mvn -B -q -pl bundles/plugins-sdk -am verify`:
#   benchmarks/plugins/run.sh [ITERATIONS]
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
iterations=${1:-50}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp -r "$root/tests/fixtures/src/main/resources/plugins/system-info" "$work/"
chmod +x "$work/system-info/plugin.py"
mvn -B -q -f "$root/bundles/plugins-sdk/pom.xml" dependency:build-classpath -Dmdep.outputFile="$work/classpath" >/dev/null
classpath="$root/bundles/plugins-sdk/target/classes:$root/bundles/api/target/classes:$(cat "$work/classpath")"
java -cp "$classpath" "$root/benchmarks/plugins/PluginCallBenchmark.java" "$work/system-info" system_info.uname "$iterations"
