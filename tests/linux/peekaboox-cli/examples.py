"""PeekabooX's docs/cli.md examples (capture, input with --dry-run, windows, elements) run unchanged against
praefectus.jar on the test desktop; each must answer ok with the fields the docs name. Writes a JUnit report.

Run inside scripts/test-desktop: python3 examples.py JAR REPORT
"""
import json
import os
import subprocess
import sys
import tempfile
import time
import xml.sax.saxutils as sax

jar, report = sys.argv[1], sys.argv[2]
work = tempfile.mkdtemp(prefix="peekaboox-cli-")
TITLE = "PeekabooX Examples"
cases = []


def cli(*args, stdin=None, raw=False, env=None):
    done = subprocess.run(["java", "-jar", jar, *args], cwd=work, input=stdin, capture_output=True, timeout=120,
                          env=env)
    if raw:
        return done.returncode, done.stdout
    try:
        return done.returncode, json.loads(done.stdout.decode())
    except ValueError:
        return done.returncode, {"unparsed": done.stdout.decode(errors="replace")[:300]}


def case(name, args, fields=(), stdin=None, check=None):
    code, answer = cli(*args, stdin=stdin)
    problem = None
    if code != 0 or not answer.get("ok"):
        problem = "exit %d: %s" % (code, json.dumps(answer)[:400])
    else:
        data = answer["data"]
        missing = [f for f in fields if f not in data]
        if missing:
            problem = "missing fields %s" % missing
        elif check is not None:
            problem = check(data)
    cases.append((name, problem))
    return answer.get("data") if answer.get("ok") else None


app = subprocess.Popen(["zenity", "--entry", "--title", TITLE, "--text", "Value"],
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
try:
    window = None
    until = time.time() + 30
    while window is None and time.time() < until:
        code, answer = cli("windows", "--title", TITLE)
        if answer.get("ok"):
            found = [w for w in answer["data"]["windows"] if w["accessible"]]
            window = found[0] if found else None
        if window is None:
            time.sleep(0.3)
    if window is None:
        cases.append(("the example window appears", "zenity's window was never listed"))
    else:
        wid = window["id"]
        # Beyond the docs' examples: desktop-state against xdotool's own idea of the active window
        active = subprocess.run(["xdotool", "getactivewindow"], capture_output=True, text=True).stdout.strip()
        case("desktop-state: the active window (as xdotool reads it) with its elements",
             ["desktop-state"], ("active_window", "windows", "elements", "warnings"),
             check=lambda d: None if (d["active_window"] or {}).get("id") == active and d["active_window"]["title"] == TITLE
             and d["elements"] and any(w["title"] == TITLE for w in d["windows"])
             else "active %s (xdotool %s), %d elements" % ((d["active_window"] or {}).get("id"), active, len(d["elements"])))
        meta = ("width", "height", "mime_type", "capture_region", "window_id", "source", "timestamp")
        # Capture
        case("capture --output screenshot.png", ["capture", "--output", "screenshot.png"], meta)
        case("capture --region --output", ["capture", "--region", "10,20,400,240", "--output", "region.png"], meta)
        case("capture --window-id --output", ["capture", "--window-id", wid, "--output", "window.png"], meta,
             check=lambda d: None if d["window_id"] == wid else "window_id %s" % d["window_id"])
        case("capture --app --title-regex --json --output",
             ["capture", "--app", "zenity", "--title-regex", "PeekabooX", "--json", "--output", "calculator.png"], meta)
        case("capture --window-id --region --output",
             ["capture", "--window-id", wid, "--region", "10,10,120,60", "--output", "window-region.png"], meta,
             check=lambda d: None if d["width"] == 120 and d["height"] == 60 else "size %sx%s" % (d["width"], d["height"]))
        code, png = cli("capture", "--stdout", raw=True)
        cases.append(("capture --stdout > screenshot.png",
                      None if code == 0 and png[:8] == b"\x89PNG\r\n\x1a\n" else "exit %d, not a PNG" % code))
        # Capture backends
        backends = ("session_type", "image_backends", "zero_copy_backends", "selected_backend", "probes")
        case("capture-backends", ["capture-backends"], backends)
        case("capture-backends --diagnose --json", ["capture-backends", "--diagnose", "--json"], backends,
             check=lambda d: None if len(d["image_backends"]) >= 2 and all("reason" in b for b in d["image_backends"])
             else "diagnose lists no unavailable backend with a reason")
        case("capture-backends --format xwd --diagnose", ["capture-backends", "--format", "xwd", "--diagnose"], backends,
             check=lambda d: None if d["selected_backend"] is None else "an xwd backend was selected")
        case("capture-backends --probe frame --json", ["capture-backends", "--probe", "frame", "--json"], backends,
             check=lambda d: None if d["probes"] and d["probes"][0]["ok"] and d["probes"][0]["width"] > 0
             else "the frame probe did not capture")
        code, answer = cli("capture-backends", "--probe", "region", "--region", "1900,1000,400,400")
        cases.append(("capture-backends: a failed probe exits non-zero",
                      None if code == 3 and answer["error"]["code"] == "capture_probe_failed"
                      and answer["error"]["details"]["probes"][0]["ok"] is False else "exit %d: %s" % (code, answer)))
        # Doctor
        report_fields = ("status", "categories", "checks", "blocked_categories", "warning_categories", "next_action")
        check_fields = lambda d: (None if d["checks"] and all(
            all(f in c for f in ("name", "category", "status", "severity", "detail", "next_action")) for c in d["checks"])
            else "a check without category, severity or next_action")
        case("doctor", ["doctor"], report_fields, check=check_fields)
        case("doctor --json", ["doctor", "--json"], report_fields, check=check_fields)
        code, answer = cli("doctor", "--strict")
        strict = answer.get("data") if answer.get("ok") else answer.get("error", {}).get("details")
        cases.append(("doctor --strict", None if strict is not None and (code == 0) == (not strict["blocked_categories"])
                      and (code == 0 or answer["error"]["code"] == "doctor_failed") else "exit %d: %s" % (code, answer)))
        case("preflight desktop capture --operation capture_screen",
             ["preflight", "desktop", "capture", "--operation", "capture_screen"],
             ("ok", "blocked_categories", "warning_categories", "next_action", "checks"),
             check=lambda d: None if d["ok"] and {c["category"] for c in d["checks"]} >= {"display", "capture"}
             else "preflight did not check display and capture")
        code, answer = cli("preflight", "input", env={k: v for k, v in os.environ.items()
                                                      if k != "PRAEFECTUS_ALLOW_GLOBAL_INPUT"})
        cases.append(("preflight input without the opt-in is blocked",
                      None if code == 3 and answer["error"]["code"] == "preflight_blocked"
                      and "input" in answer["error"]["details"]["blocked_categories"] else "exit %d: %s" % (code, answer)))
        # Desktop helpers (profiles)
        listing_fields = ("schema_version", "count", "profiles", "warnings")
        case("desktop profiles", ["desktop", "profiles"], listing_fields,
             check=lambda d: None if {"text-editor", "drawing"} <= {p["app"] for p in d["profiles"]} else "no built-ins")
        case("desktop profiles --json", ["desktop", "profiles", "--json"], listing_fields)
        case("desktop profiles --app telegram --supports type-into --target message-input --json",
             ["desktop", "profiles", "--app", "telegram", "--supports", "type-into", "--target", "message-input",
              "--json"], listing_fields, check=lambda d: None if d["count"] == 0 else "telegram is not a profile here")
        case("desktop profiles --availability --installed --json",
             ["desktop", "profiles", "--availability", "--installed", "--json"], listing_fields,
             check=lambda d: None if all(p["installed"] for p in d["profiles"]) else "an uninstalled profile listed")
        with open(os.path.join(work, "zenity-entry.json"), "w") as profile:
            json.dump({"schema_version": "desktop-profile.v1", "app": "zenity-entry", "launch": {"command": "zenity"},
                       "window": {"app": "zenity"},
                       "targets": {"ok-button": {"selector": "role=push button,label-exact=OK",
                                                 "supports": ["locate", "click", "assert"]}}}, profile)
        profiled = dict(os.environ, PEEKABOOX_DESKTOP_PROFILE_PATH=os.path.join(work, "zenity-entry.json"))
        code, answer = cli("desktop", "locate", "--app", "zenity-entry", "--target", "ok-button", env=profiled)
        cases.append(("desktop locate (external profile)",
                      None if code == 0 and answer["data"]["element"]["label"] == "OK" else "exit %d: %s" % (code, answer)))
        code, answer = cli("desktop", "click", "--app", "zenity-entry", "--target", "ok-button", "--window-title", TITLE,
                           "--dry-run", "--verify", "--json", env=profiled)
        cases.append(("desktop click --dry-run --verify --json",
                      None if code == 0 and answer["data"]["dry_run"] and answer["data"]["action"] == "invoke"
                      else "exit %d: %s" % (code, answer)))
        code, answer = cli("desktop", "assert", "--app", "zenity-entry", "--target", "ok-button", "--not-exists",
                           env=profiled)
        cases.append(("desktop assert: a failed assertion exits non-zero",
                      None if code == 3 and answer["error"]["code"] == "assertion_failed" else "exit %d: %s" % (code, answer)))
        # Input
        dry = ("dry_run", "action", "target", "route")
        ok = lambda d: None if d["dry_run"] is True and d["signed"] is False else "signed or not a dry run"
        for args in (
                ["click", "--x", "100", "--y", "200", "--dry-run"],
                ["click", "--to", "100,200", "--backend", "xdotool", "--bounds", "clamp", "--dry-run", "--json"],
                ["click", "--window-title", TITLE, "--ratio", "0.5,0.5", "--restore", "--dry-run", "--json"],
                ["click", "--text", "OK", "--dry-run"],
                ["move", "--x", "100", "--y", "200", "--dry-run"],
                ["move", "--to", "100,200", "--duration-ms", "180", "--steps", "8", "--dry-run", "--json"],
                ["move", "--relative", "20,0", "--backend", "xdotool", "--dry-run"],
                ["move", "--region", "0,0,400,240", "--ratio", "0.5,0.5", "--clamp", "--dry-run"],
                ["move", "--window-title", TITLE, "--ratio", "0.5,0.5", "--dry-run"],
                ["drag", "--from", "100,200", "--to", "320,240", "--dry-run"],
                ["drag", "--from-current", "--region", "0,0,400,240", "--to-ratio", "0.8,0.5", "--steps", "10",
                 "--backend", "xdotool", "--bounds", "clamp", "--restore", "--dry-run", "--json"],
                ["type", "--dry-run", "Hello World"],
                ["type", "--backend", "wtype", "--typing-speed", "20", "--delay-ms", "100", "--dry-run", "--json",
                 "--text", "Hello World"],
                ["paste", "--dry-run", "/tmp/PeekabooX Example.txt"],
                ["paste", "--clipboard-backend", "wl-copy", "--hotkey-backend", "ydotool", "--delay-ms", "80",
                 "--restore-delay-ms", "120", "--restore-policy", "best-effort", "--preserve-clipboard", "--dry-run",
                 "--json", "--text", "/tmp/PeekabooX Example.txt"],
                ["type", "--paste", "--preserve-clipboard", "--dry-run", "/tmp/PeekabooX Example.txt"],
                ["hotkey", "--backend", "auto", "--delay-ms", "25", "--key-delay-ms", "30", "--repeat", "2",
                 "--interval-ms", "40", "--release-before", "--release-after", "--dry-run", "--json", "control+s"],
                ["hotkey", "--dry-run", "--", "--help"]):
            case(" ".join(args), args, dry, check=ok)
        # the timing and release flags are signed as fields of the action, never dropped
        def signed(expected):
            def check(d):
                action = (d.get("proposal") or d.get("request") or {}).get("action", {})
                wrong = {k: action.get(k) for k, v in expected.items() if action.get(k) != v}
                if wrong or d["ignored_options"] not in ([], ["--backend"]):
                    return "action %s ignored %s" % (action, d["ignored_options"])
                return ok(d)
            return check
        case("move --duration-ms --steps: signed path",
             ["move", "--to", "100,200", "--duration-ms", "180", "--steps", "8", "--dry-run", "--json"], dry,
             check=signed({"kind": "move", "duration_ms": 180, "steps": 8}))
        case("drag --steps --duration-ms: signed path",
             ["drag", "--from", "100,200", "--to", "320,240", "--steps", "10", "--duration-ms", "200", "--dry-run"],
             dry, check=signed({"kind": "drag", "duration_ms": 200, "steps": 10}))
        case("hotkey --key-delay-ms --release-before --release-after: signed",
             ["hotkey", "--backend", "auto", "--key-delay-ms", "30", "--release-before", "--release-after",
              "--dry-run", "--json", "control+s"], dry,
             check=signed({"kind": "hotkey", "key_delay_ms": 30, "release_before": True, "release_after": True}))
        with open(os.path.join(work, "message.txt"), "w") as message:
            message.write("from a file")
        case("type --file --key-delay-ms --dry-run", ["type", "--file", "./message.txt", "--key-delay-ms", "15", "--dry-run"],
             dry, check=ok)
        case("type --stdin --dry-run", ["type", "--stdin", "--dry-run"], dry, stdin=b"multi-line\ntext\n", check=ok)
        case("move --current-position --json", ["move", "--current-position", "--json"], ("x", "y"))
        # Windows
        listing = ("windows", "backend_name", "backend_kind", "warnings")
        case("windows", ["windows"], listing)
        case("windows --json", ["windows", "--json"], listing)
        case("windows --focused --limit 1 --sort focused --json",
             ["windows", "--focused", "--limit", "1", "--sort", "focused", "--json"], listing,
             check=lambda d: None if len(d["windows"]) <= 1 else "more than one window")
        case("windows --app --title-regex --diagnose --json",
             ["windows", "--app", "zenity", "--title-regex", "PeekabooX", "--diagnose", "--json"],
             listing + ("diagnostics",), check=lambda d: None if d["count"] == 1 else "count %d" % d["count"])
        case("windows --backend xdotool --diagnose", ["windows", "--backend", "xdotool", "--diagnose"],
             listing + ("diagnostics",))
        # Elements
        found = ("elements", "backend_name", "backend_kind", "warnings", "cache_hit", "cache_age_ms",
                 "vision_fallback_used")
        element_fields = ("id", "role", "label", "bounds", "center", "confidence", "states", "window_id",
                          "window_title", "app_id", "parent_id", "child_ids")
        has_fields = lambda d: (None if d["elements"] and all(f in d["elements"][0] for f in element_fields)
                                else "no element with PeekabooX's fields")
        button = case("find --selector role,label,confidence",
                      ["find", "--selector", "role=push button,label=OK,confidence>=0.9"], found, check=has_fields)
        if button:
            centre = button["elements"][0]["center"]
            case("elements --role --state --contains",
                 ["elements", "--role", "push button", "--state", "enabled", "--contains",
                  "%d,%d" % (centre["x"], centre["y"])], found, check=has_fields)
        case("elements --selector --vision-fallback", ["elements", "--selector", "role=push button", "--vision-fallback"],
             found, check=has_fields)
        case("elements --window-title --role-exact --text-regex",
             ["elements", "--window-title", TITLE, "--role-exact", "push button", "--text-regex", "^O"], found,
             check=has_fields)
        case("elements --app --selector not-state,min-width --json",
             ["elements", "--app", "zenity", "--selector", "not-state=disabled,min-width=40", "--json"], found,
             check=has_fields)
        # Beyond the docs' examples: a window without accessibility (xmessage, Xt) is listed from EWMH and its
        # id works in capture; xwininfo (x11-utils) is the independent oracle for its id and rectangle
        plain_title = "PeekabooX No Accessibility"
        plain = subprocess.Popen(["xmessage", "-title", plain_title, "-geometry", "320x100+50+60", "no accessibility"],
                                 stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            oracle = {}
            until = time.time() + 30
            while not oracle.get("Window id") and time.time() < until:
                info = subprocess.run(["xwininfo", "-name", plain_title], capture_output=True, text=True).stdout
                for line in info.splitlines():
                    key, _, value = line.strip().partition(":")
                    if key in ("Absolute upper-left X", "Absolute upper-left Y", "Width", "Height"):
                        oracle[key] = int(value)
                    elif key == "xwininfo" and "Window id" in value:
                        oracle["Window id"] = str(int(value.split()[2], 16))
                if not oracle.get("Window id"):
                    time.sleep(0.3)
            rect = lambda d: (d["x"], d["y"], d["width"], d["height"])
            expected = (oracle.get("Absolute upper-left X"), oracle.get("Absolute upper-left Y"),
                        oracle.get("Width"), oracle.get("Height"))
            listed = case("windows: a window without accessibility (xmessage) is listed from EWMH, as xwininfo sees it",
                          ["windows", "--title", plain_title], listing,
                          check=lambda d: None if len(d["windows"]) == 1 and d["windows"][0]["id"] == oracle.get("Window id")
                          and not d["windows"][0]["accessible"] and d["windows"][0]["backend"] == "x11"
                          and d["windows"][0]["app_id"] == "xmessage" and rect(d["windows"][0]["bounds"]) == expected
                          else "listed %s, xwininfo %s %s" % (json.dumps(d["windows"])[:300], oracle.get("Window id"), expected))
            if listed and listed["windows"]:
                case("capture --window-id of the window without accessibility is exactly its rectangle",
                     ["capture", "--window-id", listed["windows"][0]["id"], "--output", "plain.png"], meta,
                     check=lambda d: None if (d["x"], d["y"], d["width"], d["height"]) == expected
                     and open(os.path.join(work, "plain.png"), "rb").read(8) == b"\x89PNG\r\n\x1a\n"
                     else "captured %s, xwininfo %s" % ((d["x"], d["y"], d["width"], d["height"]), expected))
        finally:
            plain.kill()
            plain.wait()
finally:
    app.kill()
    app.wait()

failures = [c for c in cases if c[1]]
os.makedirs(os.path.dirname(report), exist_ok=True)
with open(report, "w") as out:
    out.write('<?xml version="1.0" encoding="UTF-8"?>\n')
    out.write('<testsuite name="org.praefectus.linux.PeekabooxCliExamples" tests="%d" failures="%d" errors="0" skipped="0">\n'
              % (len(cases), len(failures)))
    for name, problem in cases:
        out.write('  <testcase classname="org.praefectus.linux.PeekabooxCliExamples" name=%s>' % sax.quoteattr(name))
        if problem:
            out.write('<failure message=%s/>' % sax.quoteattr(problem))
        out.write('</testcase>\n')
    out.write('</testsuite>\n')
for name, problem in failures:
    print("FAIL %s: %s" % (name, problem), file=sys.stderr)
print("peekaboox cli examples: %d run, %d failed" % (len(cases), len(failures)))
sys.exit(1 if failures or not cases else 0)
