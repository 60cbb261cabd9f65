#!/usr/bin/env python3
"""Answers one PeekabooX plugin request read from stdin with one JSON response on stdout."""
import json
import os
import platform
import sys


def main() -> int:
    request = json.load(sys.stdin)
    tool = request.get("tool")
    if tool != "system_info.uname":
        json.dump({"ok": False, "error": "unknown tool"}, sys.stdout)
        return 2
    uname = platform.uname()
    json.dump({
        "ok": True,
        "result": {
            "system": uname.system,
            "machine": uname.machine,
            "release": uname.release,
            "plugin_id": os.environ.get("PEEKABOOX_PLUGIN_ID"),
            "request_plugin_id": request.get("plugin_id"),
            "schema_version": request.get("schema_version"),
        },
    }, sys.stdout, sort_keys=True)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
