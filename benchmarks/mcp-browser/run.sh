#!/usr/bin/env bash
# Scripted agent sessions in browser mode (#39 acceptance): the six tasks of tasks.mjs through `praefectus.jar mcp
# --browser` and through Playwright MCP on Debian's Chromium, with the official TypeScript SDK, ROUNDS rounds
# (alternating which tool goes first). One JSON line per task and tool: calls, wall time (launch included), done.
#   benchmarks/mcp-browser/run.sh [ROUNDS]      (needs run/target/praefectus.jar: mvn install -DskipTests)
set -euo pipefail
cd "$(dirname "$0")/../.."
here=benchmarks/mcp-browser
[ -d "$here/node_modules/@playwright/mcp" ] || (cd "$here" && npm install --no-audit --no-fund --silent)
echo "chromium $(/usr/lib/chromium/chromium --version 2>/dev/null | awk '{print $2}'); load before: $(cut -d' ' -f1-3 /proc/loadavg)"
node "$here/tasks.mjs" "$PWD/run/target/praefectus.jar" \
  "$PWD/tests/executable-jar/src/test/resources/org/praefectus/tests/jar/pages" "${1:-1}"
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
