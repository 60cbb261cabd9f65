#!/usr/bin/env bash
# What tools/list costs a model: the bytes of the tools/list answer on the wire (one JSON-RPC line over stdio),
# per profile and for `mcp --browser`, and its three parts: descriptions, input schemas, output schemas (each
# counted as compact UTF-8 JSON, as the server writes them). No desktop is needed: tools/list runs no tool.
#   benchmarks/mcp/tools-list-size.sh [JAR]   (build first: mvn -B -q -pl bundles/mcp,run install -DskipTests)
set -euo pipefail
cd "$(dirname "$0")/../.."
jar=$(realpath "${1:-run/target/praefectus.jar}")
[ -f "$jar" ] || { echo "build first: mvn -B -q -pl bundles/mcp,run install -DskipTests" >&2; exit 2; }
home=$(mktemp -d)
trap 'rm -rf "$home"' EXIT
python3 - "$jar" "$home" <<'PY'
import json, subprocess, sys

jar, home = sys.argv[1], sys.argv[2]

def size(value):
    return len(json.dumps(value, separators=(",", ":"), ensure_ascii=False).encode())

def tools_list(arguments):
    server = subprocess.Popen(["java", f"-Duser.home={home}", "-jar", jar, "mcp", *arguments], cwd=home,
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    requests = [
        {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"protocolVersion": "2025-11-25",
         "capabilities": {}, "clientInfo": {"name": "tools-list-size", "version": "1"}}},
        {"jsonrpc": "2.0", "method": "notifications/initialized"},
        {"jsonrpc": "2.0", "id": 2, "method": "tools/list"},
    ]
    for request in requests:
        server.stdin.write((json.dumps(request) + "\n").encode())
    server.stdin.flush()
    try:
        for line in server.stdout:
            message = json.loads(line)
            if message.get("id") == 2:
                return len(line.rstrip(b"\n")), message["result"]["tools"]
        raise SystemExit(f"mcp {' '.join(arguments)}: no tools/list answer")
    finally:
        server.stdin.close()
        server.wait(timeout=60)

print("| server | tools | tools/list bytes | descriptions | input schemas | output schemas |")
print("|---|---|---|---|---|---|")
for label, arguments in [(f"--profile {p}", ["--profile", p]) for p in ("observe", "plan", "assist", "operator")] + [
        ("--browser", ["--browser"])]:
    wire, tools = tools_list(arguments)
    parts = [sum(size(t.get(k, "")) for t in tools) for k in ("description", "inputSchema", "outputSchema")]
    print(f"| `mcp {label}` | {len(tools)} | {wire:,} | " + " | ".join(f"{p:,}" for p in parts) + " |")
PY
