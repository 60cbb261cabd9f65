#!/usr/bin/env bash
# One-shot `praefectus capabilities` of two builds side by side inside the test desktop (a real X server and
# session bus to probe): PRAEFECTUS_PHASES of each, then hyperfine over both, the second build first.
#   benchmarks/cold-start/ab.sh BEFORE_TARGET AFTER_TARGET [RUNS]
#   (each a copy of a built run/target: praefectus.jar, the praefectus script, praefectus.jsa)
set -euo pipefail
cd "$(dirname "$0")/../.."
[ $# -ge 2 ] || { echo "usage: $0 BEFORE_TARGET AFTER_TARGET [RUNS]" >&2; exit 2; }
before=$(cd "$1" && pwd); after=$(cd "$2" && pwd); runs=${3:-20}
scripts/test-desktop bash -s "$before" "$after" "$runs" <<'INNER'
set -euo pipefail
before=$1; after=$2; runs=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
export XDG_STATE_HOME=$work/state
echo "load: $(uptime)"
# each build its own bundle cache, extracted once before timing
XDG_CACHE_HOME=$work/before java -jar "$before/praefectus.jar" --no-daemon help >/dev/null
XDG_CACHE_HOME=$work/after java -jar "$after/praefectus.jar" --no-daemon help >/dev/null
for build in before after; do
  target=$before; [ "$build" = after ] && target=$after
  echo "phases, $build: $(XDG_CACHE_HOME=$work/$build PRAEFECTUS_PHASES=1 "$target/praefectus" --no-daemon capabilities 2>&1 >/dev/null | tail -1)"
done
hyperfine -N --warmup 2 --runs "$runs" \
  -n after "env XDG_CACHE_HOME=$work/after $after/praefectus --no-daemon capabilities" \
  -n before "env XDG_CACHE_HOME=$work/before $before/praefectus --no-daemon capabilities"
echo "load: $(uptime)"
INNER
