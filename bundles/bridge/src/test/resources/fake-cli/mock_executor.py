#!/usr/bin/env python3
"""A non-native executor as Praetor's e2e and smoke scripts configure it (python mock_executor.py): it
reads the JSON task from stdin, writes mock-executor-output.txt in PRAETOR_HOST_WORKDIR and prints one
line. It fails loudly when it is handed CLI flags or a text prompt instead. SCENARIO:confirm in the
instructions: it asks a question without a newline and waits for an answer forever."""
import json
import os
import sys
from pathlib import Path


def main() -> int:
    if len(sys.argv) > 1:
        print(f"unexpected arguments: {sys.argv[1:]}", file=sys.stderr)
        return 2
    payload = json.loads(sys.stdin.read() or "{}")
    workdir = Path(os.environ["PRAETOR_HOST_WORKDIR"])
    spec = payload["task_spec"]
    if "SCENARIO:confirm" in spec.get("instructions", ""):
        # a confirmation without a newline, then a read that never returns (a pipe nobody writes to)
        sys.stdout.write("Proceed with the deployment? [y/N] ")
        sys.stdout.flush()
        r, _w = os.pipe()
        os.read(r, 1)
        return 1
    out = workdir / "mock-executor-output.txt"
    out.write_text(
        f"title={spec['title']}\nmission={os.environ.get('PRAETOR_MISSION_ID')}\n"
        f"task={os.environ.get('PRAETOR_TASK_ID')}\nrequest={payload['request_id']}\n"
        f"executor={os.environ.get('PRAETOR_EXECUTOR')}\n"
        f"target={payload['path_mapping']['target_workdir']}\n"
        f"run={os.environ.get('PRAETOR_RUN_ID')}\nhost_workdir={os.environ.get('PRAETOR_HOST_WORKDIR')}\n",
        encoding="utf-8",
    )
    print(f"mock executor wrote {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
