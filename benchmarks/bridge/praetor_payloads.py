"""Praetor-shaped requests against a bridge jar, one line per issue-18 defect, to run side by side on the
jar of this branch and the jar of the commit before it (the old one fails each, the new one passes):

    python3 benchmarks/bridge/praetor_payloads.py run/target/praefectus-bridge.jar \
        tests/fixtures/src/main/resources/fake-cli /tmp/praetor-payloads

The same facts are asserted by the unit tests (PraetorPayloadsTest, ContractDetailsTest, SettingsLoaderTest);
this script only makes the before/after comparison reproducible. Python 3 standard library only."""
import json, os, subprocess, sys, time, urllib.request, urllib.error, shutil, pathlib
jar, fakes, root = sys.argv[1], pathlib.Path(sys.argv[2]), pathlib.Path(sys.argv[3])
shutil.rmtree(root, ignore_errors=True)
ws = root / "ws"; proj = ws / "Projects/Website"; proj.mkdir(parents=True); (root / "bin").mkdir()
for f in ("codex", "claude", "mock_executor.py"):
    shutil.copy(fakes / f, root / "bin" / f); os.chmod(root / "bin" / f, 0o700)
TOKEN = "check-token-0123456789"
def config(extra_exec=""):
    return f"""server: {{host: 127.0.0.1, port: 0, auth_token: env:PRAETOR_EXECUTOR_BRIDGE_TOKEN}}
paths: {{host_workspace_root: {ws}, allowed_roots: [{ws}], deny_roots: []}}
executors:
  codex: {{enabled: true, command: {root}/bin/codex, args: [], healthcheck: [], requires_login: true, supports_noninteractive_batch: true, supports_cancel: true}}
  claude_code: {{enabled: true, command: {root}/bin/claude, args: [], healthcheck: [], requires_login: true, supports_noninteractive_batch: true, supports_cancel: true}}
{extra_exec}runtime: {{max_concurrent_runs: 2, default_timeout_seconds: 60, max_event_buffer: 5000, persist_run_logs: true, log_dir: {root}/logs}}
"""
env = dict(os.environ, PRAETOR_EXECUTOR_BRIDGE_TOKEN=TOKEN)
# defect 5: claude_e2e.py's config has no healthcheck
(root / "e2e.yaml").write_text(config().replace("healthcheck: [], ", ""))
p = subprocess.Popen(["java", "-jar", jar, "--config", str(root / "e2e.yaml")], env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
line = p.stdout.readline().strip()
print("5 config without healthcheck:", line[:120]); p.kill(); p.wait()
(root / "c.yaml").write_text(config())
p = subprocess.Popen(["java", "-jar", jar, "--config", str(root / "c.yaml")], env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
line = p.stdout.readline().strip(); port = int(line.rsplit(":", 1)[1])
base = f"http://127.0.0.1:{port}"
def call(method, path, body=None, host=None):
    req = urllib.request.Request(base + path, method=method, data=None if body is None else body.encode(), headers={"Authorization": "Bearer " + TOKEN, "Content-Type": "application/json", **({"Host": host} if host else {})})
    try:
        with urllib.request.urlopen(req, timeout=30) as resp:
            return resp.status, resp.read().decode()
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode()
def request(executor, instr, outputs=("/app/workspace/Projects/Website/homepage.md",)):
    return {"request_id": "req_1", "mission_id": "m1", "task_id": "t1", "executor": executor, "timeout_seconds": 60,
            "path_mapping": {"container_workspace_root": "/app/workspace", "host_workspace_root": str(ws), "target_workdir": "/app/workspace/Projects/Website"},
            "task_spec": {"title": "T", "instructions": instr, "input_files": [], "expected_outputs": list(outputs),
                          "approval_policy": {"allow_destructive_write": False, "allow_shell": False}}}
def run(req):
    s, b = call("POST", "/runs", json.dumps(req))
    if s != 200: return s, b
    rid = json.loads(b)["data"]["run_id"]
    for _ in range(600):
        rec = json.loads(call("GET", "/runs/" + rid)[1])["data"]
        if rec["finished_at"]: return rid, rec
        time.sleep(0.1)
s, b = call("POST", "/runs", json.dumps(request("codex", "x", ("homepage.md", "/workspace/Projects/Website/PROJECT.md"))))
print("1 relative and /workspace outputs:", s, b[:160])
rid, rec = run(request("codex", "Write it.")); print("2 stdout_tail:", repr((rec["stdout_tail"] or "")[:80]))
if (proj / "homepage.md").exists(): (proj / "homepage.md").unlink()
rid, rec = run(request("claude_code", "Write it.", ())); print("3 default policy, new file (claude):", rec["normalized_status"], "file written:", (proj / "homepage.md").exists(), "| status field:", rec["status"])
s, b = call("GET", "/health", host=f"host.docker.internal:{port}"); print("6 Host host.docker.internal:", s, b[:100])
big = json.dumps(request("codex", "x")).replace('"timeout_seconds": 60', '"timeout_seconds": 9223372036854775808')
s, b = call("POST", "/runs", big); print("7 timeout_seconds 2^63:", s, b[:100].replace("\n", " "))
s, b = call("POST", "/runs", json.dumps(request("codex", "x")) + "{}"); print("7 trailing garbage:", s, b[:100])
s, b = call("POST", "/runs/" + rid + "/cancel", ""); print("7 cancel finished:", s, b[:160])
spec = request("codex", "x"); spec["task_spec"]["review_mode"] = "strict"
s, b = call("POST", "/runs", json.dumps(spec)); print("7 unknown task_spec field:", s, b[:140])
s, b = call("GET", "/runs/" + rid + "/events"); types = [e["type"] for e in json.loads(b)["data"]["events"]]
print("8 seed event types present:", {t: t in types for t in ("run_finished", "usage_detected", "artifact_detected", "run_failed", "heartbeat")})
p.kill(); p.wait()
# defect 4: a non-native command
(root / "g.yaml").write_text(config().replace(f"command: {root}/bin/codex, args: [], healthcheck: [], requires_login: true", f"command: python3, args: [{root}/bin/mock_executor.py], healthcheck: [], requires_login: false"))
p = subprocess.Popen(["java", "-jar", jar, "--config", str(root / "g.yaml")], env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
line = p.stdout.readline().strip(); port = int(line.rsplit(":", 1)[1]); base = f"http://127.0.0.1:{port}"
rid, rec = run(request("codex", "Write a mock file only.", ("/app/workspace/Projects/Website/mock-executor-output.txt",)))
print("4 python3 mock_executor.py:", rec["normalized_status"], repr((rec["pause_reason"] or "")[:100]), "wrote:", (proj / "mock-executor-output.txt").exists())
p.kill(); p.wait()
