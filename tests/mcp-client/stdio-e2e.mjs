// A real MCP client (the official TypeScript SDK) against `java -jar praefectus.jar mcp` over stdio, on the
// test desktop: initialize, tools/list, observe a real GTK entry (zenity), set_value with a verified receipt,
// an identical call that replays, a declined confirmation with no effect, and profile observe refusing act;
// capture_screen of the zenity window (its surface), OCR of its label, UI elements, compare_images and
// detect_ui_state on real captures, and an audit log without recognised text or image bytes.
// Run: scripts/test-mcp-stdio (starts the desktop). Exits non-zero on the first failed check.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { ElicitRequestSchema, LoggingMessageNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, chmodSync, readFileSync, writeFileSync, existsSync, statSync, mkdirSync } from "node:fs";
import { createHash } from "node:crypto";
import { JUnitReport } from "./junit.mjs";
import { tmpdir } from "node:os";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import assert from "node:assert/strict";

const jar = process.env.PRAEFECTUS_JAR;
assert.ok(jar, "PRAEFECTUS_JAR names run/target/praefectus.jar");
const home = mkdtempSync(join(tmpdir(), "praefectus-mcp-e2e-"));
chmodSync(home, 0o700);
// One JUnit testcase per check. A failed check, or an error before any check (the server did not start, the
// client could not connect), is a failure; the run stops at the first one.
const report = new JUnitReport("org.praefectus.mcp.StdioE2E", process.env.MCP_E2E_REPORT
  ?? join(dirname(fileURLToPath(import.meta.url)), "target/surefire-reports/TEST-org.praefectus.mcp.StdioE2E.xml"));
class CheckFailed extends Error {}
const check = (name, fn) => {
  if (!report.checkSync(name, fn)) throw new CheckFailed(`${name} failed`);
};

// answer: "accept" (confirm: true), "decline", "empty" (accept without confirm: true), or a function
// (request, extra) => Promise<result> for answers that take time or watch the question being withdrawn
async function connect(profile, { emptyEnvironment = false, extraEnvironment = {} } = {}) {
  let answer = "accept";
  const asked = [];
  const client = new Client({ name: "praefectus-e2e", version: "1.0.0" }, { capabilities: { elicitation: {} } });
  client.setRequestHandler(ElicitRequestSchema, async (request, extra) => {
    asked.push(request.params.message);
    if (typeof answer === "function") return answer(request, extra);
    if (answer === "empty") return { action: "accept", content: {} };
    return answer === "accept" ? { action: "accept", content: { confirm: true } } : { action: "decline" };
  });
  const args = [`-Duser.home=${home}`, "-jar", jar, "mcp", ...(profile ? ["--profile", profile] : [])];
  // a client configured as README shows launches with a minimal environment and its own working directory:
  // here none at all (no DISPLAY, no DBUS_SESSION_BUS_ADDRESS, no PATH) and /tmp
  const transport = emptyEnvironment
    ? new StdioClientTransport({ command: "/usr/bin/java", args, cwd: "/tmp", env: {}, stderr: process.env.MCP_E2E_STDERR ? "inherit" : "ignore" })
    : new StdioClientTransport({ command: "java", args, cwd: home, env: { ...process.env, ...pluginEnvironment, ...profileEnvironment, ...extraEnvironment }, stderr: process.env.MCP_E2E_STDERR ? "inherit" : "ignore" });
  // the SDK keeps the negotiated version to itself over stdio: read it from the initialize result on the wire
  let negotiated;
  Object.defineProperty(transport, "onmessage", {
    configurable: true,
    get() { return this._observedOnMessage; },
    set(handler) {
      this._observedOnMessage = handler && ((message, extra) => {
        negotiated ??= message?.result?.protocolVersion;
        handler(message, extra);
      });
    },
  });
  await client.connect(transport);
  return { client, transport, asked, setAnswer: (a) => { answer = a; }, protocolVersion: () => negotiated };
}

// issue 17 defect 7: a trusted, pinned directory plugin on PEEKABOOX_PLUGIN_PATH (trust policy in
// $XDG_CONFIG_HOME/peekaboox/trusted_plugins.json pinning the manifest and the script)
// the independent AT-SPI oracle (pyatspi under Debian's python3, which carries it): fixtures/atspi-oracle.py KIND TITLE …
const atspiOracle = (...args) => spawnSync("/usr/bin/python3",
  [join(dirname(fileURLToPath(import.meta.url)), "fixtures/atspi-oracle.py"), ...args], { encoding: "utf8", timeout: 30_000 });
const pluginRoot = join(dirname(fileURLToPath(import.meta.url)), "fixtures/plugins");
const sha256 = (file) => createHash("sha256").update(readFileSync(file)).digest("hex");
mkdirSync(join(home, ".config/peekaboox"), { recursive: true, mode: 0o700 });
writeFileSync(join(home, ".config/peekaboox/trusted_plugins.json"), JSON.stringify({ schema_version: 1, plugins: {
  "org.praefectus.tests.mcp-echo": { manifest_sha256: sha256(join(pluginRoot, "echo/peekaboox.plugin.json")),
    entrypoint_sha256: { "echo.sh": sha256(join(pluginRoot, "echo/echo.sh")) } } } }));
const untrusted = join(home, "untrusted-plugins/echo");
mkdirSync(untrusted, { recursive: true });
writeFileSync(join(untrusted, "peekaboox.plugin.json"), readFileSync(join(pluginRoot, "echo/peekaboox.plugin.json"), "utf8")
  .replace("org.praefectus.tests.mcp-echo", "org.praefectus.tests.mcp-untrusted"));
writeFileSync(join(untrusted, "echo.sh"), readFileSync(join(pluginRoot, "echo/echo.sh")), { mode: 0o755 });
const pluginEnvironment = { XDG_CONFIG_HOME: join(home, ".config"), PEEKABOOX_PLUGIN_PATH: pluginRoot };
// a desktop-profile.v1 profile of the zenity window, for the desktop_* tools
const profileEnvironment = { PEEKABOOX_DESKTOP_PROFILE_PATH: join(dirname(fileURLToPath(import.meta.url)), "fixtures/profiles") };

const LABEL = "Praefectus reads this label";
let slowApp; // the in-flight cancellation check's window, killed at the end whatever happens
const zenity = spawn("zenity", ["--entry", "--title", "Praefectus MCP E2E", "--text", LABEL], { stdio: ["ignore", "pipe", "ignore"] });
let zenityOut = "";
zenity.stdout.on("data", (d) => { zenityOut += d; });
const zenityExit = new Promise((resolve) => zenity.on("exit", resolve));

let client, transport, asked, setAnswer, protocolVersion;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
try {
  ({ client, transport, asked, setAnswer, protocolVersion } = await connect("operator"));
  check("initialize: the server is praefectus", () => assert.equal(client.getServerVersion().name, "praefectus"));
  check("initialize negotiates protocol version 2025-11-25", () => assert.equal(protocolVersion(), "2025-11-25"));
  const tools = (await client.listTools()).tools.map((t) => t.name);
  check("tools/list has the host's tools", () => {
    for (const name of ["capabilities", "surfaces", "observe", "act", "status", "capture_screen", "capture_delta", "ocr",
      "compare_images", "detect_ui_state", "detect_ui_elements", "list_windows", "find_elements", "find_element",
      "elements", "click", "type_text", "paste_text", "hotkey", "press", "scroll", "drag", "move_mouse", "ocr_image",
      "ocr_screen", "vision_elements", "doctor", "get_desktop_state", "capture_backends", "preflight", "desktop_profiles",
      "desktop_focus", "desktop_locate", "desktop_assert", "desktop_click", "desktop_type_into", "desktop_drag",
      // issue 37: PeekabooX's agent runtime
      "plan", "execute_goal", "plan_workflow", "execute_workflow", "ingest_desktop_snapshot", "desktop_graph_status",
      "query_desktop_graph", "query_desktop_edges", "refresh_desktop_graph", "capability_audit", "confirmation_audit",
      "preflight_audit"]) assert.ok(tools.includes(name), name);
  });

  const listed = (await client.listTools()).tools;
  // A hint the specification gives a default for is listed only when it differs from it (issue 36: tools/list
  // size); read as the specification says, every tool still tells all four.
  const hint = (t, name) => t.annotations?.[name] ?? { readOnlyHint: false, destructiveHint: true, idempotentHint: false,
    openWorldHint: true }[name];
  check("every tool has a title and annotation hints that read as the specification's defaults say", () => {
    for (const t of listed) {
      assert.ok(t.title, t.name);
      for (const name of ["readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint"]) {
        assert.ok(t.annotations?.[name] === undefined || typeof t.annotations[name] === "boolean", `${t.name}.${name}`);
      }
    }
    assert.equal(hint(listed.find((t) => t.name === "act"), "readOnlyHint"), false);
    assert.equal(hint(listed.find((t) => t.name === "observe"), "readOnlyHint"), true);
    assert.equal(hint(listed.find((t) => t.name === "observe"), "openWorldHint"), false);
    for (const name of ["find_elements", "list_windows"]) assert.equal(hint(listed.find((t) => t.name === name), "readOnlyHint"), true);
    for (const name of ["click", "type_text", "drag"]) {
      const t = listed.find((x) => x.name === name);
      assert.equal(hint(t, "readOnlyHint"), false);
      assert.equal(hint(t, "destructiveHint"), true);
      assert.ok(t.inputSchema.properties.selector && t.outputSchema, name);
    }
  });

  const plugins = await client.callTool({ name: "list_plugins", arguments: {} });
  check("list_plugins lists the trusted directory plugin from PEEKABOOX_PLUGIN_PATH", () => {
    assert.equal(plugins.isError, false, JSON.stringify(plugins.structuredContent));
    assert.ok(plugins.structuredContent.tools.some((t) => t.plugin_id === "org.praefectus.tests.mcp-echo" && t.tool === "echo"),
      JSON.stringify(plugins.structuredContent));
  });
  const echoed = await client.callTool({ name: "call_plugin_tool", arguments: { plugin_id: "org.praefectus.tests.mcp-echo",
    tool: "echo", arguments: { word: "hello" }, timeout_seconds: 20, max_output_bytes: 4096 } });
  check("call_plugin_tool runs the directory plugin's tool (operator profile)", () => {
    assert.equal(echoed.isError, false, JSON.stringify(echoed.structuredContent));
    assert.equal(echoed.structuredContent.result.request.tool, "echo", JSON.stringify(echoed.structuredContent));
    assert.equal(echoed.structuredContent.result.request.arguments.word, "hello");
  });
  const refusedPlugins = await client.callTool({ name: "list_plugins", arguments: { paths: [join(home, "untrusted-plugins")] } });
  check("an untrusted plugin directory named in paths is refused, its tool never listed", () => {
    assert.equal(refusedPlugins.isError, false);
    assert.deepEqual(refusedPlugins.structuredContent.refused, [{ directory: "echo", code: "untrusted_plugin" }]);
    assert.ok(!refusedPlugins.structuredContent.tools.some((t) => t.plugin_id === "org.praefectus.tests.mcp-untrusted"));
  });

  // issue 17 defect 1: one malformed line ended the session silently. Written raw to the server's stdin, each
  // gets its JSON-RPC error (id null: nothing identifies them) and the session answers the next ping.
  // the SDK's transport drops responses with "id": null before the client sees them: read the raw stdout
  const errors = [];
  let raw = "";
  const rawListener = (chunk) => {
    raw += chunk;
    let newline;
    while ((newline = raw.indexOf("\n")) >= 0) {
      const line = raw.slice(0, newline);
      raw = raw.slice(newline + 1);
      try {
        const message = JSON.parse(line);
        if (message.error && message.id === null) errors.push(message.error.code);
      } catch { /* not ours */ }
    }
  };
  transport._process.stdout.on("data", rawListener);
  for (const line of ["this is not json", '[{"jsonrpc":"2.0","id":90,"method":"ping"}]',
    '{"jsonrpc":"2.0","id":null,"method":"ping"}']) transport._process.stdin.write(line + "\n");
  const pong = await client.ping();
  for (let i = 0; i < 40 && errors.length < 3; i++) await sleep(50);
  check("malformed lines get -32700/-32600 and the session answers the next ping", () => {
    assert.deepEqual(pong, {});
    assert.deepEqual(errors.sort(), [-32700, -32600, -32600].sort());
  });
  transport._process.stdout.off("data", rawListener);

  let observation, entry, ok;
  for (let i = 0; i < 40 && !(entry && ok); i++) {
    const result = await client.callTool({ name: "observe", arguments: { max_elements: 4096, max_bytes: 2097152 } });
    observation = result.structuredContent;
    if (!result.isError) {
      entry = observation.elements.find((e) => e.role === "text" && e.actionability?.editable);
      ok = observation.elements.find((e) => e.role === "push button" && e.name === "OK");
    }
    if (!(entry && ok)) await new Promise((r) => setTimeout(r, 250));
  }
  check("observe sees the zenity entry and its OK button", () => { assert.ok(entry); assert.ok(ok); });

  const doctor = (await client.callTool({ name: "doctor", arguments: {} })).structuredContent;
  const strictDoctor = (await client.callTool({ name: "doctor", arguments: { strict: true } })).structuredContent;
  check("doctor: display, session bus, executor, accessibility, capture and ledger pass; no input opt-in is a warning", () => {
    const byName = Object.fromEntries(doctor.checks.map((c) => [c.name, c]));
    for (const name of ["display", "session_bus", "executor", "accessibility", "x11", "capture", "ledger"]) assert.equal(byName[name].ok, true, name);
    assert.equal(byName.global_input.ok, false, "this server was started without PRAEFECTUS_ALLOW_GLOBAL_INPUT");
    assert.equal(byName.global_input.severity, "warning");
    assert.equal(doctor.ok, true, JSON.stringify(doctor.checks));
    assert.equal(strictDoctor.ok, false, "strict: the warning fails");
    assert.equal(doctor.categories.input, false);
  });
  // the read-only verbs the CLI answers, as tools: capture backends, the preflight gate, desktop profiles
  const backends = await client.callTool({ name: "capture_backends", arguments: { probe: "frame" } });
  check("capture_backends: MIT-SHM is the selected backend of this X session and its frame probe passes", () => {
    assert.equal(backends.isError, false, JSON.stringify(backends.structuredContent));
    assert.equal(backends.structuredContent.session_type, "x11");
    assert.equal(backends.structuredContent.selected_backend, "x11-shm", JSON.stringify(backends.structuredContent));
  });
  const preflight = await client.callTool({ name: "preflight", arguments: { categories: ["display", "accessibility"] } });
  const blocked = await client.callTool({ name: "preflight", arguments: { operation: "click" } });
  const badCategory = await client.callTool({ name: "preflight", arguments: { categories: ["nonsense"] } });
  check("preflight: display and accessibility pass; a click is blocked without the input opt-in; a bad category is a usage error", () => {
    assert.equal(preflight.isError, false, JSON.stringify(preflight.structuredContent));
    assert.equal(preflight.structuredContent.ok, true);
    assert.deepEqual(preflight.structuredContent.requested_categories, ["display", "accessibility"]);
    assert.equal(blocked.isError, true, JSON.stringify(blocked.structuredContent));
    assert.equal(blocked.structuredContent.error.code, "preflight_blocked");
    assert.ok(blocked.structuredContent.details.blocked_categories.includes("input"), JSON.stringify(blocked.structuredContent.details));
    assert.equal(badCategory.isError, true);
    assert.equal(badCategory.structuredContent.error.code, "usage");
  });
  // issue 37: the preflight gate's checks read back by preflight_audit (codes and counts, never a check's message)
  const preflights = await client.callTool({ name: "preflight_audit", arguments: {} });
  check("preflight_audit reads back the two gate checks (passed; blocked by input for a click), none for the usage error", () => {
    assert.equal(preflights.isError, false, JSON.stringify(preflights.structuredContent));
    const events = preflights.structuredContent.events;
    assert.equal(events.length, 2, JSON.stringify(events));
    assert.equal(events[0].event, "preflight");
    assert.equal(events[0].decision, "passed");
    assert.equal(events[0].tool, "preflight");
    assert.equal(events[0].category_display, "ok", JSON.stringify(events[0]));
    assert.equal(events[1].decision, "blocked");
    assert.equal(events[1].operation, "click");
    assert.notEqual(events[1].category_input, "ok", JSON.stringify(events[1]));
    assert.ok(events[1].blocked >= 1, JSON.stringify(events[1]));
  });

  // issue 37: the desktop graph over MCP, read back independently by pyatspi
  const E2E_TITLE = "Praefectus MCP E2E";
  const ingested = await client.callTool({ name: "ingest_desktop_snapshot", arguments: {} });
  const graphStatus = await client.callTool({ name: "desktop_graph_status", arguments: {} });
  const graphWindows = await client.callTool({ name: "query_desktop_graph", arguments: { kind: "window", label_contains: E2E_TITLE } });
  const graphWindow = graphWindows.structuredContent?.nodes?.[0];
  const graphButtons = await client.callTool({ name: "query_desktop_graph", arguments: { kind: "element", role: "push button", contained_by: graphWindow?.id ?? "none" } });
  const graphEdges = await client.callTool({ name: "query_desktop_edges", arguments: { source: graphWindow?.id ?? "none", kind: "contains" } });
  check("ingest_desktop_snapshot stores the desktop; desktop_graph_status names it fresh; query_desktop_graph finds the zenity window", () => {
    assert.equal(ingested.isError, false, JSON.stringify(ingested.structuredContent));
    assert.ok(ingested.structuredContent.id.startsWith("snapshot:"), ingested.structuredContent.id);
    assert.equal(graphStatus.isError, false, JSON.stringify(graphStatus.structuredContent));
    assert.equal(graphStatus.structuredContent.latest_snapshot_id, ingested.structuredContent.id);
    assert.equal(graphStatus.structuredContent.stale, false);
    assert.ok(graphStatus.structuredContent.node_count >= ingested.structuredContent.nodes.length);
    assert.equal(graphWindows.isError, false, JSON.stringify(graphWindows.structuredContent));
    assert.equal(graphWindows.structuredContent.count, 1, JSON.stringify(graphWindows.structuredContent));
    assert.equal(graphWindows.structuredContent.snapshot_id, ingested.structuredContent.id);
    assert.equal(graphWindow.kind, "window");
  });
  const okBounds = atspiOracle("bounds", E2E_TITLE, "push button");
  check("query_desktop_graph finds the window's buttons (OK among them) where pyatspi sees them; query_desktop_edges: the window contains them", () => {
    assert.equal(graphButtons.isError, false, JSON.stringify(graphButtons.structuredContent));
    const buttons = graphButtons.structuredContent.nodes;
    assert.ok(buttons.some((node) => node.label === "OK"), JSON.stringify(buttons));
    assert.equal(okBounds.status, 0, okBounds.stderr);
    const [x, y, width, height] = okBounds.stdout.trim().split(/\s+/).map(Number);
    const seen = buttons.find((node) => node.bounds?.x === x && node.bounds?.y === y);
    assert.ok(seen, `pyatspi's first button at ${x},${y} is a graph node: ${JSON.stringify(buttons)}`);
    assert.deepEqual(seen.bounds, { x, y, width, height }, JSON.stringify(seen));
    assert.equal(graphEdges.isError, false, JSON.stringify(graphEdges.structuredContent));
    for (const button of buttons) {
      assert.ok(graphEdges.structuredContent.edges.some((edge) => edge.target === button.id && edge.kind === "contains"),
        JSON.stringify(graphEdges.structuredContent));
    }
    assert.ok(graphEdges.structuredContent.edges.every((edge) => edge.source === graphWindow.id));
  });
  const refreshed = await client.callTool({ name: "refresh_desktop_graph", arguments: {} });
  const refreshedStatus = await client.callTool({ name: "desktop_graph_status", arguments: {} });
  check("refresh_desktop_graph samples a new snapshot, which the graph's status then names", () => {
    assert.equal(refreshed.isError, false, JSON.stringify(refreshed.structuredContent));
    assert.notEqual(refreshed.structuredContent.id, ingested.structuredContent.id);
    assert.ok(refreshed.structuredContent.nodes.some((node) => node.kind === "window" && node.label?.includes(E2E_TITLE)));
    assert.equal(refreshedStatus.structuredContent.latest_snapshot_id, refreshed.structuredContent.id);
    assert.ok(refreshedStatus.structuredContent.snapshot_count >= 2, JSON.stringify(refreshedStatus.structuredContent));
  });

  // issue 37: plan and execute_goal (the plan runs as a workflow: confirmed, each step through the signed path), on a
  // server of their own (profile assist) so that its confirmations are counted apart from this session's
  const goalServer = await connect("assist");
  const planned = await goalServer.client.callTool({ name: "plan", arguments: { goal: "  look at the desktop " } });
  const goal = await goalServer.client.callTool({ name: "execute_goal", arguments: { goal: "look at the desktop", run_id: "e2e-goal-1" } });
  const goalAgain = await goalServer.client.callTool({ name: "execute_goal", arguments: { goal: "look at the desktop", run_id: "e2e-goal-1" } });
  const noGoal = await goalServer.client.callTool({ name: "execute_goal", arguments: { max_replans: 1 } });
  check("plan decomposes a goal into PeekabooX's steps; execute_goal runs its plan (observe) once, confirmed, and its run id replays", () => {
    assert.equal(planned.isError, false, JSON.stringify(planned.structuredContent));
    assert.deepEqual(planned.structuredContent.steps, ["look at the desktop"]);
    assert.equal(goal.isError, false, JSON.stringify(goal.structuredContent));
    assert.equal(goal.structuredContent.ok, true);
    assert.equal(goal.structuredContent.run_id, "e2e-goal-1");
    assert.equal(goal.structuredContent.runs.length, 1);
    assert.equal(goal.structuredContent.runs[0].steps[0].action, "observe");
    assert.equal(goal.structuredContent.replanned, false);
    assert.equal(goalServer.asked.length, 2, "workflow_execute was asked before each run");
    assert.equal(goalAgain.isError, false, JSON.stringify(goalAgain.structuredContent));
    assert.equal(goalAgain.structuredContent.runs[0].replayed, true, JSON.stringify(goalAgain.structuredContent));
    // a goal is required: refused by the tool's input schema before the tool runs
    assert.equal(noGoal.isError, true, JSON.stringify(noGoal));
    assert.match(JSON.stringify(noGoal.content), /goal/);
  });
  await goalServer.client.close();
  const profiles = (await client.callTool({ name: "desktop_profiles", arguments: {} })).structuredContent;
  const located = await client.callTool({ name: "desktop_locate", arguments: { app: "zenity-entry", target: "entry", window_title: "Praefectus MCP E2E" } });
  const present = await client.callTool({ name: "desktop_assert", arguments: { app: "zenity-entry", target: "entry", window_title: "Praefectus MCP E2E" } });
  const absent = await client.callTool({ name: "desktop_assert", arguments: { app: "zenity-entry", target: "entry", window_title: "Praefectus MCP E2E", not_exists: true } });
  const focused = await client.callTool({ name: "desktop_focus", arguments: { app: "zenity-entry", window_title: "Praefectus MCP E2E" } });
  const activeTitle = spawnSync("xdotool", ["getactivewindow", "getwindowname"], { encoding: "utf8" }).stdout.trim();
  const noWindow = await client.callTool({ name: "desktop_focus", arguments: { app: "zenity-entry", window_title: "no window has this title" } });
  check("desktop_focus answers as xdotool sees the active window (active: the window; not: input_not_allowed before asking); no window: window_not_found", () => {
    if (activeTitle === "Praefectus MCP E2E") {
      assert.equal(focused.isError, false, JSON.stringify(focused.structuredContent));
      assert.equal(focused.structuredContent.focused, true);
      assert.equal(focused.structuredContent.window.title, "Praefectus MCP E2E");
    } else {
      // not active: desktop_focus takes focus_window's signed path, which knows before asking that this server's
      // executor has no input opt-in (PRAEFECTUS_ALLOW_GLOBAL_INPUT is not set for this connection)
      assert.equal(focused.isError, true, `xdotool's active window is "${activeTitle}": ${JSON.stringify(focused.structuredContent)}`);
      assert.equal(focused.structuredContent.error.code, "input_not_allowed");
    }
    assert.equal(noWindow.isError, true, JSON.stringify(noWindow.structuredContent));
    assert.equal(noWindow.structuredContent.error.code, "window_not_found");
  });
  check("desktop_profiles lists the built-ins and the profile path's zenity profile; desktop_locate and desktop_assert find its entry", () => {
    const apps = profiles.profiles.map((p) => p.app);
    for (const app of ["text-editor", "drawing", "zenity-entry"]) assert.ok(apps.includes(app), JSON.stringify(apps));
    assert.equal(located.isError, false, JSON.stringify(located.structuredContent));
    assert.equal(located.structuredContent.element.role, "text");
    assert.equal(present.isError, false, JSON.stringify(present.structuredContent));
    assert.equal(present.structuredContent.passed, true);
    assert.equal(absent.isError, true);
    assert.equal(absent.structuredContent.error.code, "assertion_failed");
    assert.equal(absent.structuredContent.details.passed, false);
  });
  const desktop = await client.callTool({ name: "get_desktop_state", arguments: {} });
  check("get_desktop_state: the display and the zenity window", () => {
    assert.equal(desktop.isError, false, JSON.stringify(desktop.structuredContent));
    assert.ok(desktop.structuredContent.displays.length >= 1 && desktop.structuredContent.displays[0].width > 0);
    assert.ok(desktop.structuredContent.windows.some((w) => w.title === "Praefectus MCP E2E" && w.app === "zenity"),
      JSON.stringify(desktop.structuredContent.windows));
  });
  const surfaces = (await client.callTool({ name: "surfaces", arguments: {} })).structuredContent.surfaces;
  const window = surfaces.find((x) => x.process_id === zenity.pid);
  check("surfaces lists the zenity window (by its process id) with bounds", () => {
    assert.ok(window, JSON.stringify(surfaces).slice(0, 500));
    assert.ok(window.bounds.width > 0 && window.bounds.height > 0);
  });
  const capture = (args) => client.callTool({ name: "capture_screen", arguments: args });
  const pngOf = (result) => result.content.find((c) => c.type === "image")?.data;
  const shot = await capture({ surface: window.surface.id });
  check("capture_screen of a surface is an image block of exactly that window", () => {
    assert.equal(shot.isError, false, JSON.stringify(shot.structuredContent));
    assert.equal(shot.structuredContent.x, Math.max(0, window.bounds.x));
    assert.equal(shot.structuredContent.y, Math.max(0, window.bounds.y));
    assert.equal(shot.structuredContent.width, window.bounds.width);
    assert.equal(shot.structuredContent.height, window.bounds.height);
    assert.ok(pngOf(shot).startsWith("iVBORw0KGgo"), "a PNG");
  });
  const gone = await capture({ surface: "not-a-surface" });
  check("capture_screen of an unknown surface is a tool error with a next action", () => {
    assert.equal(gone.isError, true);
    assert.equal(gone.structuredContent.error.code, "unknown_surface");
    assert.ok(gone.structuredContent.error.next_action);
  });

  // capture_delta: a stream of the desktop's bare top-left corner (nothing draws there) and one of the zenity window
  const delta = (args) => client.callTool({ name: "capture_delta", arguments: args });
  const patchBytes = (d) => Buffer.from(d.patch_base64, "base64").length;
  const bpp = (d) => (d.format === "rgb8" ? 3 : 4);
  const corner = { stream_id: "corner", region: { x: 0, y: 0, width: 64, height: 48 } };
  const c0 = await delta(corner);
  const c1 = await delta(corner);
  check("capture_delta: a stream's first step is the whole frame, the next one of an unchanged corner carries nothing", () => {
    assert.equal(c0.isError, false, JSON.stringify(c0.structuredContent));
    const first = c0.structuredContent;
    assert.equal(first.sequence, 0);
    assert.equal(first.full_frame, true);
    assert.deepEqual(first.changed_bounds, { x: 0, y: 0, width: 64, height: 48 });
    assert.equal(patchBytes(first), 64 * 48 * bpp(first));
    assert.equal(first.patch_stride, 64 * bpp(first));
    const next = c1.structuredContent;
    assert.equal(next.sequence, 1);
    assert.equal(next.changed, false, JSON.stringify({ ...next, patch_base64: undefined }));
    assert.equal(next.changed_bounds, null);
    assert.equal(next.patch_base64, "");
  });
  const cFull = await delta({ ...corner, low_bandwidth: false });
  const cReset = await delta({ ...corner, reset: true });
  check("capture_delta: low_bandwidth false sends the whole frame and keeps the sequence; reset starts again at 0", () => {
    assert.equal(cFull.structuredContent.full_frame, true);
    assert.equal(cFull.structuredContent.sequence, 2);
    assert.equal(cFull.structuredContent.low_bandwidth, false);
    assert.equal(patchBytes(cFull.structuredContent), patchBytes(c0.structuredContent));
    assert.equal(cReset.structuredContent.sequence, 0);
    assert.equal(cReset.structuredContent.full_frame, true);
  });
  const w0 = await delta({ stream_id: "window", window_title: "Praefectus MCP E2E" });
  check("capture_delta of a window by title: the first frame is exactly that window, placed on the screen", () => {
    assert.equal(w0.isError, false, JSON.stringify(w0.structuredContent));
    assert.equal(w0.structuredContent.frame_width, window.bounds.width);
    assert.equal(w0.structuredContent.frame_height, window.bounds.height);
    assert.equal(w0.structuredContent.x, Math.max(0, window.bounds.x));
    assert.equal(patchBytes(w0.structuredContent), window.bounds.width * window.bounds.height * bpp(w0.structuredContent));
  });

  const read = await client.callTool({ name: "ocr", arguments: { surface: window.surface.id, scale: 2 } });
  check("ocr of the zenity window reads its label (Tesseract, screen coordinates)", () => {
    assert.equal(read.isError, false, JSON.stringify(read.structuredContent));
    assert.equal(read.structuredContent.source, "screen");
    assert.match(read.structuredContent.text, /reads\s+this\s+label/i);
    const word = read.structuredContent.words.find((w) => /label/i.test(w.label ?? ""));
    assert.ok(word && word.bounds.x >= shot.structuredContent.x, JSON.stringify(word));
    assert.ok(read.content.some((c) => c.type === "text"), "a text block too");
  });
  const pngFile = join(home, "window.png");
  writeFileSync(pngFile, Buffer.from(pngOf(shot), "base64"));
  const fromFile = await client.callTool({ name: "ocr", arguments: { image: { path: pngFile }, scale: 2 } });
  check("ocr of the same window as a PNG file reads the label too", () => {
    assert.equal(fromFile.isError, false, JSON.stringify(fromFile.structuredContent));
    assert.equal(fromFile.structuredContent.source, "file");
    assert.match(fromFile.structuredContent.text, /reads\s+this\s+label/i);
  });
  const screenRead = await client.callTool({ name: "ocr_screen", arguments: { surface: window.surface.id, scale: 2 } });
  const imageRead = await client.callTool({ name: "ocr_image", arguments: { image: { path: pngFile }, scale: 2 } });
  const noImage = await client.callTool({ name: "ocr_image", arguments: { surface: window.surface.id } });
  check("the PeekabooX aliases ocr_screen and ocr_image read the label; ocr_image without an image is invalid_arguments", () => {
    assert.equal(screenRead.isError, false, JSON.stringify(screenRead.structuredContent));
    assert.match(screenRead.structuredContent.text, /reads\s+this\s+label/i);
    assert.equal(imageRead.isError, false, JSON.stringify(imageRead.structuredContent));
    assert.match(imageRead.structuredContent.text, /reads\s+this\s+label/i);
    assert.equal(noImage.isError, true);
  });
  const ocrProgress = [];
  const progressed = await client.callTool({ name: "ocr_screen", arguments: { surface: window.surface.id } }, undefined,
    { onprogress: (p) => ocrProgress.push(p) });
  check("ocr_screen with a progress token reports its steps: capturing the screen, then recognising text", () => {
    assert.equal(progressed.isError, false, JSON.stringify(progressed.structuredContent));
    assert.deepEqual(ocrProgress.map((p) => p.message), ["capturing the screen", "recognising text"]);
    assert.deepEqual(ocrProgress.map((p) => p.progress), [0, 1]);
  });
  const notPng = await client.callTool({ name: "ocr", arguments: { image: { png_base64: Buffer.from("not a png").toString("base64") } } });
  check("ocr of something that is not a PNG is an invalid_arguments tool error", () => {
    assert.equal(notPng.isError, true);
    assert.equal(notPng.structuredContent.error.code, "invalid_arguments");
  });
  const regions = await client.callTool({ name: "detect_ui_elements", arguments: { image: { png_base64: pngOf(shot) } } });
  check("detect_ui_elements finds regions inside the window image", () => {
    assert.equal(regions.isError, false, JSON.stringify(regions.structuredContent));
    assert.ok(regions.structuredContent.elements.length > 0);
    for (const e of regions.structuredContent.elements) {
      assert.ok(e.bounds.x + e.bounds.width <= shot.structuredContent.width && e.bounds.y + e.bounds.height <= shot.structuredContent.height);
    }
  });
  const aliasRegions = await client.callTool({ name: "vision_elements", arguments: { image: { png_base64: pngOf(shot) } } });
  check("vision_elements (alias of detect_ui_elements) finds the same regions", () => {
    assert.equal(aliasRegions.isError, false, JSON.stringify(aliasRegions.structuredContent));
    assert.deepEqual(aliasRegions.structuredContent.elements, regions.structuredContent.elements);
  });
  const shotAgain = await capture({ surface: window.surface.id });
  const same = await client.callTool({ name: "compare_images", arguments: { expected: { png_base64: pngOf(shot) }, actual: { png_base64: pngOf(shotAgain) }, threshold: 8, max_changed_ratio: 0.01 } });
  check("compare_images: two captures of the unchanged window match", () => {
    assert.equal(same.isError, false, JSON.stringify(same.structuredContent));
    assert.equal(same.structuredContent.matches, true, JSON.stringify(same.structuredContent));
  });
  const settled = await client.callTool({ name: "detect_ui_state", arguments: { images: [{ png_base64: pngOf(shot) }, { png_base64: pngOf(shotAgain) }], threshold: 8, stable_max_changed_ratio: 0.01 } });
  check("detect_ui_state: the unchanged window is stable", () => {
    assert.equal(settled.isError, false, JSON.stringify(settled.structuredContent));
    assert.equal(settled.structuredContent.state, "stable");
  });

  const setValue = { action: "set_value", tag: entry.tag, value: "mcp verified value", operation_id: "e2e-set-1" };
  const first = await client.callTool({ name: "act", arguments: setValue });
  check("set_value succeeds with a verified receipt after one confirmation", () => {
    assert.equal(first.isError, false, JSON.stringify(first.structuredContent));
    assert.equal(first.structuredContent.terminal.kind, "succeeded");
    assert.equal(first.structuredContent.verified, true);
    assert.equal(first.structuredContent.replayed, false);
    assert.equal(asked.length, 1);
    assert.ok(!asked[0].includes("mcp verified value"), "the question never carries the value");
  });

  const shotAfter = await capture({ surface: window.surface.id });
  const changed = await client.callTool({ name: "compare_images", arguments: { expected: { png_base64: pngOf(shot) }, actual: { png_base64: pngOf(shotAfter) }, threshold: 8 } });
  check("compare_images: the window after set_value differs", () => {
    assert.equal(changed.isError, false, JSON.stringify(changed.structuredContent));
    assert.equal(changed.structuredContent.matches, false);
    assert.ok(changed.structuredContent.changed_pixels > 0);
  });

  const w1 = (await delta({ stream_id: "window", window_title: "Praefectus MCP E2E" })).structuredContent;
  check("capture_delta after set_value: only the changed rectangle of the window, densely packed", () => {
    assert.equal(w1.full_frame, false);
    assert.equal(w1.changed, true);
    assert.ok(w1.sequence >= 1);
    const b = w1.changed_bounds;
    assert.ok(b.x >= 0 && b.y >= 0 && b.x + b.width <= w1.frame_width && b.y + b.height <= w1.frame_height, JSON.stringify(b));
    assert.ok(b.width * b.height < w1.frame_width * w1.frame_height, "a patch, not the frame");
    assert.equal(w1.patch_stride, b.width * bpp(w1));
    assert.equal(patchBytes(w1), b.width * b.height * bpp(w1));
  });

  const again = await client.callTool({ name: "act", arguments: setValue });
  check("an identical call replays the recorded terminal without asking again", () => {
    assert.equal(again.isError, false);
    assert.equal(again.structuredContent.replayed, true);
    assert.equal(again.structuredContent.action_hash, first.structuredContent.action_hash);
    assert.equal(asked.length, 1);
  });

  setAnswer("decline");
  const declined = await client.callTool({ name: "act", arguments: { action: "set_value", tag: entry.tag, value: "declined value" } });
  check("a declined confirmation refuses", () => {
    assert.equal(declined.isError, true);
    assert.equal(declined.structuredContent.error.code, "confirmation_declined");
    assert.equal(declined.structuredContent.retry_safe, true);
  });

  // issue 17 defect 6: the question says what is approved; only an explicit confirm: true is a yes
  setAnswer("empty");
  const empty = await client.callTool({ name: "act", arguments: { action: "set_value", tag: entry.tag, value: "empty accept value" } });
  check("an accept without confirm: true is no yes, and the question names window, element and length", () => {
    assert.equal(empty.isError, true, JSON.stringify(empty.structuredContent));
    assert.equal(empty.structuredContent.error.code, "confirmation_declined");
    const question = asked.at(-1);
    assert.match(question, /Window: "Praefectus MCP E2E"/);
    assert.match(question, /Element: text/);
    assert.match(question, /Action: set value/);
    assert.match(question, /value length: 18/);
    assert.ok(!question.includes("empty accept value"));
  });

  // issue 17 defect 2: cancelled at 0.8 s while the question is open; the person's yes would come at 4 s.
  // The server withdraws its question, nothing is signed or dispatched.
  let withdrawn = false;
  setAnswer(async (request, extra) => {
    const aborted = new Promise((resolve) => extra.signal.addEventListener("abort", () => { withdrawn = true; resolve(); }));
    await Promise.race([aborted, sleep(4000)]);
    return { action: "accept", content: { confirm: true } };
  });
  const abort = new AbortController();
  setTimeout(() => abort.abort("the person cancelled"), 800);
  const cancelledCall = await client.callTool({ name: "act", arguments: { action: "set_value", tag: entry.tag, value: "cancelled value" } },
    undefined, { signal: abort.signal }).then(() => "answered", (e) => String(e));
  for (let i = 0; i < 100 && !withdrawn; i++) await sleep(50);
  await sleep(4500); // past the would-be yes: had the call gone on, it would have dispatched by now
  check("a call cancelled before the confirmation withdraws its question and never dispatches", () => {
    assert.match(cancelledCall, /abort|cancel/i);
    assert.equal(withdrawn, true, "the server sent notifications/cancelled for its elicitation");
    const lines = readFileSync(join(home, ".local/state/praefectus/mcp/audit.jsonl"), "utf8").trim().split("\n").map((l) => JSON.parse(l));
    const last = lines.filter((l) => l.tool === "act").at(-1);
    assert.equal(last.decision, "refused", JSON.stringify(last));
    assert.equal(last.reason, "cancelled");
  });

  // a person who takes 30 s still approves: the window is longer than the SDK's 10 s default
  const progress = [];
  // (observed again: the entry's value, part of its fingerprint, changed with the first set_value)
  const fresh = (await client.callTool({ name: "observe", arguments: { max_elements: 4096, max_bytes: 2097152 } })).structuredContent;
  const freshEntry = fresh.elements.find((e) => e.role === "text" && e.actionability?.editable);
  setAnswer(async () => { await sleep(30_000); return { action: "accept", content: { confirm: true } }; });
  const slow = await client.callTool({ name: "act", arguments: { action: "set_value", tag: freshEntry.tag, value: "mcp verified value" } },
    undefined, { timeout: 120_000, onprogress: (p) => progress.push(p) });
  check("a confirmation answered after 30 s is accepted and the action runs", () => {
    assert.equal(slow.isError, false, JSON.stringify(slow.structuredContent));
    assert.equal(slow.structuredContent.terminal.kind, "succeeded");
  });
  check("progress notifications while the call waits for the person (the client sent a progressToken)", () => {
    assert.ok(progress.length >= 2, JSON.stringify(progress));
    assert.match(progress[0].message, /confirm/);
  });
  setAnswer("accept");

  // issue 17 defects 3 and 5: started with no environment at all in /tmp, the server finds the desktop session
  // (through its parent process), observes, and acts with its ledger in the private state directory
  const blind = await connect("operator", { emptyEnvironment: true });
  try {
    const caps = (await blind.client.callTool({ name: "capabilities", arguments: {} })).structuredContent;
    check("with an empty environment, capabilities reports the display and session bus it found", () => {
      assert.equal(caps.session.display.found, true, JSON.stringify(caps.session));
      assert.equal(caps.session.display.source, "parent_process");
      assert.equal(caps.session.session_bus.found, true);
      assert.equal(caps.session.display.value, process.env.DISPLAY);
    });
    const blindDoctor = (await blind.client.callTool({ name: "doctor", arguments: {} })).structuredContent;
    check("with an empty environment, doctor finds the display, the bus, accessibility and capture", () => {
      const byName = Object.fromEntries(blindDoctor.checks.map((c) => [c.name, c.ok]));
      for (const name of ["display", "session_bus", "executor", "accessibility", "capture", "ledger"]) assert.equal(byName[name], true, name);
    });
    let blindEntry;
    for (let i = 0; i < 40 && !blindEntry; i++) {
      const seen = await blind.client.callTool({ name: "observe", arguments: { max_elements: 4096, max_bytes: 2097152 } });
      if (!seen.isError) blindEntry = seen.structuredContent.elements.find((e) => e.role === "text" && e.actionability?.editable);
      if (!blindEntry) await sleep(250);
    }
    check("with an empty environment and cwd /tmp, observe sees the zenity entry", () => assert.ok(blindEntry));
    // issue 17 gap 4: the capture used the process environment (no DISPLAY here); it now uses the session found
    const blindShot = await blind.client.callTool({ name: "capture_screen", arguments: { window_title: "Praefectus MCP E2E" } });
    check("with an empty environment, capture_screen of the zenity window by title is an image of it", () => {
      assert.equal(blindShot.isError, false, JSON.stringify(blindShot.structuredContent));
      assert.equal(blindShot.structuredContent.width, window.bounds.width);
      assert.ok(blindShot.content.find((c) => c.type === "image")?.data.startsWith("iVBORw0KGgo"));
    });
    const acted = await blind.client.callTool({ name: "act", arguments: { action: "set_value", tag: blindEntry.tag, value: "mcp verified value", operation_id: "e2e-blind-1" } });
    check("with an empty environment and cwd /tmp, set_value succeeds, the ledger in the private state directory", () => {
      assert.equal(acted.isError, false, JSON.stringify(acted.structuredContent));
      assert.equal(acted.structuredContent.terminal.kind, "succeeded");
      assert.ok(existsSync(join(home, ".local/state/praefectus/praefectus-operations.jsonl")), "the ledger is in the state directory");
      assert.equal(statSync(join(home, ".local/state/praefectus")).mode & 0o777, 0o700);
      assert.ok(!existsSync("/tmp/praefectus-operations.jsonl"), "nothing written to the client's cwd");
    });
  } finally {
    await blind.client.close();
  }

  const observer = await connect("observe");
  try {
    const observerTools = (await observer.client.listTools()).tools.map((t) => t.name);
    check("profile observe lists only what it may call (no act, no call_plugin_tool)", () => {
      assert.ok(!observerTools.includes("act") && !observerTools.includes("call_plugin_tool"), observerTools.join());
      assert.ok(observerTools.includes("observe") && observerTools.includes("capture_screen"));
      for (const name of ["find_elements", "find_element", "elements", "list_windows"]) assert.ok(observerTools.includes(name), name);
      for (const name of ["click", "type_text", "paste_text", "hotkey", "press", "scroll", "drag", "move_mouse"]) assert.ok(!observerTools.includes(name), name);
    });
    await observer.client.callTool({ name: "observe", arguments: {} });
    const refused = await observer.client.callTool({ name: "act", arguments: { action: "invoke", tag: ok.tag } });
    const unknown = await observer.client.callTool({ name: "no_such_tool", arguments: {} }).catch((e) => e);
    check("profile observe refuses an unlisted act (capability_denied, naming it); an unknown tool is -32602 naming it", () => {
      assert.equal(refused.isError, true);
      assert.equal(refused.structuredContent.error.code, "capability_denied");
      assert.match(refused.structuredContent.error.message, /\bact\b/);
      assert.equal(unknown?.code, -32602, String(unknown));
      assert.match(unknown.message, /Unknown tool: no_such_tool/);
      assert.equal(observer.asked.length, 0);
    });
    const noPlugin = await observer.client.callTool({ name: "call_plugin_tool", arguments: { plugin_id: "org.praefectus.tests.mcp-echo", tool: "echo", arguments: { word: "x" } } });
    check("profile observe refuses call_plugin_tool", () => {
      assert.equal(noPlugin.isError, true);
      assert.equal(noPlugin.structuredContent.error.code, "capability_denied");
    });
    const goalRefused = await observer.client.callTool({ name: "execute_goal", arguments: { goal: "goal-e2e-never-audited" } });
    const observerChecks = await observer.client.callTool({ name: "capability_audit", arguments: { limit: 20 } });
    check("profile observe: plan and execute_goal not listed, execute_goal refused (audited: workflow_execute, no goal); the audit tools listed", () => {
      assert.ok(!observerTools.includes("plan") && !observerTools.includes("execute_goal"), observerTools.join());
      for (const name of ["capability_audit", "confirmation_audit", "preflight_audit"]) assert.ok(observerTools.includes(name), name);
      assert.equal(goalRefused.isError, true);
      assert.equal(goalRefused.structuredContent.error.code, "capability_denied");
      const line = observerChecks.structuredContent.events.findLast((event) => event.tool === "execute_goal");
      assert.ok(line, JSON.stringify(observerChecks.structuredContent));
      assert.equal(line.decision, "refused");
      assert.equal(line.capability, "workflow_execute");
      assert.equal(line.profile, "observe");
      assert.ok(!JSON.stringify(observerChecks.structuredContent).includes("never-audited"));
    });
    const observed = await observer.client.callTool({ name: "detect_ui_state", arguments: { images: [{ path: pngFile }, { path: pngFile }] } });
    check("profile observe allows the vision tools (observe-class)", () => {
      assert.equal(observed.isError, false, JSON.stringify(observed.structuredContent));
      assert.equal(observed.structuredContent.state, "stable");
    });
  } finally {
    await observer.client.close();
  }

  // profile assist: the semantic input tools only; a click that would be pointer input is refused by the profile
  const assist = await connect("assist");
  try {
    const assistTools = (await assist.client.listTools()).tools.map((t) => t.name);
    check("profile assist lists click, type_text and the read-only desktop tools, no pointer or keyboard tool", () => {
      for (const name of ["act", "click", "type_text", "find_elements", "list_windows"]) assert.ok(assistTools.includes(name), name);
      for (const name of ["paste_text", "hotkey", "press", "scroll", "drag", "move_mouse", "desktop_drag", "call_plugin_tool"]) assert.ok(!assistTools.includes(name), name);
    });
    const pointer = await assist.client.callTool({ name: "click", arguments: { x: 5, y: 5 } });
    const hidden = await assist.client.callTool({ name: "hotkey", arguments: { selector: "role=text", keys: ["ctrl", "a"] } });
    check("profile assist refuses a pointer click (capability_denied) and an unlisted hotkey, nothing asked", () => {
      assert.equal(pointer.structuredContent.error.code, "capability_denied", JSON.stringify(pointer.structuredContent));
      assert.equal(hidden.structuredContent.error.code, "capability_denied");
      assert.equal(assist.asked.length, 0);
    });
  } finally {
    await assist.client.close();
  }

  // issue 17 "Tools": the desktop verbs as tools, on a second real GTK window (zenity), by selector. Each effect is
  // signed by the host after one confirmation; the effect is read back independently over AT-SPI by pyatspi
  // (/usr/bin/python3) and by zenity's own output.
  const TITLE = "Praefectus Desktop Tools";
  const tools2 = spawn("zenity", ["--entry", "--title", TITLE, "--text", "Type here"], { stdio: ["ignore", "pipe", "ignore"] });
  let tools2Out = "";
  tools2.stdout.on("data", (d) => { tools2Out += d; });
  const tools2Exit = new Promise((resolve) => tools2.on("exit", resolve));
  try {
    let windows;
    for (let i = 0; i < 40; i++) {
      windows = await client.callTool({ name: "list_windows", arguments: { title: TITLE } });
      if (!windows.isError && windows.structuredContent.count === 1) break;
      await sleep(250);
    }
    check("list_windows finds the window by title, with its application and process", () => {
      assert.equal(windows.isError, false, JSON.stringify(windows.structuredContent));
      assert.equal(windows.structuredContent.count, 1, JSON.stringify(windows.structuredContent));
      const w = windows.structuredContent.windows[0];
      assert.equal(w.title, TITLE);
      assert.equal(w.app, "zenity");
      assert.equal(w.process_id, tools2.pid);
      assert.ok(w.bounds.width > 0 && w.element_count > 0);
    });
    const win = windows.structuredContent.windows[0];
    const found = await client.callTool({ name: "find_elements", arguments: { selector: "role=push button,label=OK", window_title: TITLE } });
    check("find_elements by selector finds the OK button of that window only, with observation_id and tag", () => {
      assert.equal(found.isError, false, JSON.stringify(found.structuredContent));
      assert.equal(found.structuredContent.count, 1, JSON.stringify(found.structuredContent));
      const e = found.structuredContent.elements[0];
      assert.equal(e.role, "push button");
      assert.equal(e.label, "OK");
      assert.equal(e.window_title, TITLE);
      assert.ok(e.observation_id && e.tag && e.center);
      assert.ok(e.states.includes("invokable"));
    });
    const alias = await client.callTool({ name: "elements", arguments: { selector: "role=text,state=editable", window_title: TITLE } });
    check("elements (alias) finds the editable entry", () => {
      assert.equal(alias.isError, false, JSON.stringify(alias.structuredContent));
      assert.equal(alias.structuredContent.count, 1);
    });
    const shotByTitle = await client.callTool({ name: "capture_screen", arguments: { window_title: TITLE } });
    check("capture_screen by window_title is an image of exactly that window", () => {
      assert.equal(shotByTitle.isError, false, JSON.stringify(shotByTitle.structuredContent));
      assert.equal(shotByTitle.structuredContent.width, win.bounds.width);
      assert.equal(shotByTitle.structuredContent.height, win.bounds.height);
      assert.ok(pngOf(shotByTitle).startsWith("iVBORw0KGgo"));
    });
    const untargeted = await client.callTool({ name: "type_text", arguments: { text: "no target" } });
    check("type_text without a selector or tag is invalid_arguments, nothing asked", () => {
      assert.equal(untargeted.isError, true);
      assert.equal(untargeted.structuredContent.error.code, "invalid_arguments");
    });
    const nothing = await client.callTool({ name: "click", arguments: { selector: "role=push button,label=No such button", window_title: TITLE } });
    check("click on a selector that matches nothing is target_not_found, retry_safe, nothing asked", () => {
      assert.equal(nothing.isError, true);
      assert.equal(nothing.structuredContent.error.code, "target_not_found");
      assert.equal(nothing.structuredContent.retry_safe, true);
    });
    setAnswer("accept");
    const askedBefore = asked.length;
    const typed = await client.callTool({ name: "type_text", arguments: { selector: "role=text", window_title: TITLE,
      text: "typed by selector", clear: true, operation_id: "e2e-type-1" } });
    check("type_text with clear by selector into the entry: one confirmation naming window and length, set_value verified", () => {
      assert.equal(typed.isError, false, JSON.stringify(typed.structuredContent));
      assert.equal(typed.structuredContent.action, "set_value");
      assert.equal(typed.structuredContent.terminal.kind, "succeeded");
      assert.equal(typed.structuredContent.verified, true);
      assert.equal(asked.length, askedBefore + 1);
      assert.match(asked.at(-1), new RegExp(`Window: "${TITLE}"`));
      assert.match(asked.at(-1), /value length: 17/);
      assert.ok(!asked.at(-1).includes("typed by selector"));
    });
    const oracle = atspiOracle("text", TITLE);
    check("pyatspi reads the typed text back from the entry (independent AT-SPI client)", () => {
      assert.equal(oracle.status, 0, oracle.stderr);
      assert.equal(oracle.stdout, "typed by selector\n");
    });
    const retyped = await client.callTool({ name: "type_text", arguments: { selector: "role=text", window_title: TITLE,
      text: "typed by selector", clear: true, operation_id: "e2e-type-1" } });
    check("the identical type_text with the same operation_id replays without asking", () => {
      assert.equal(retyped.isError, false, JSON.stringify(retyped.structuredContent));
      assert.equal(retyped.structuredContent.replayed, true);
      assert.equal(asked.length, askedBefore + 1);
    });
    const conflict = await client.callTool({ name: "type_text", arguments: { selector: "role=text", window_title: TITLE,
      text: "something else", clear: true, operation_id: "e2e-type-1" } });
    check("another call under the same operation_id is a conflict", () => {
      assert.equal(conflict.isError, true);
      assert.equal(conflict.structuredContent.error.code, "conflict");
    });
    // #36 defects 1 and 4: typing without clear inserts at the caret, which is keyboard input in the protocol; this
    // server was started without the input opt-in, so it is refused before anyone is asked, with its own code
    const inserted = await client.callTool({ name: "type_text", arguments: { selector: "role=text", window_title: TITLE,
      text: "at the caret" } });
    check("type_text without clear is input_not_allowed while input is not allowed, nothing asked, nothing typed", () => {
      assert.equal(inserted.isError, true, JSON.stringify(inserted.structuredContent));
      assert.equal(inserted.structuredContent.error.code, "input_not_allowed");
      assert.equal(asked.length, askedBefore + 1);
    });
    // a desktop-profile.v1 target's type-into (the zenity profile of fixtures/profiles) is the profile action every
    // surface runs (#35): typed by the type_text action, which is keyboard input, so this server (no input opt-in)
    // refuses it before anyone is asked, as the CLI and the daemon do; nothing is typed
    const profileTyped = await client.callTool({ name: "desktop_type_into", arguments: { app: "zenity-entry", target: "entry",
      window_title: TITLE, text: "typed by profile", clear: true, operation_id: "e2e-profile-type" } });
    check("desktop_type_into is type_text at the profile's entry target: input_not_allowed here, nothing asked", () => {
      assert.equal(profileTyped.isError, true, JSON.stringify(profileTyped.structuredContent));
      assert.equal(profileTyped.structuredContent.error.code, "input_not_allowed");
      assert.equal(asked.length, askedBefore + 1);
    });
    const profileOracle = atspiOracle("text", TITLE);
    check("pyatspi reads the entry unchanged by the refused desktop_type_into", () => {
      assert.equal(profileOracle.status, 0, profileOracle.stderr);
      assert.equal(profileOracle.stdout, "typed by selector\n");
    });
    // desktop_assert's text conditions read the profile target's own text (pyatspi read "typed by selector" above),
    // ignoring case; a failed one is assertion_failed, and no answer or audit line echoes the looked-for text
    const assertTexts = {
      contains: await client.callTool({ name: "desktop_assert", arguments: { app: "zenity-entry", target: "entry", window_title: TITLE, contains: "BY SELECTOR" } }),
      notContains: await client.callTool({ name: "desktop_assert", arguments: { app: "zenity-entry", target: "entry", window_title: TITLE, not_contains: "xylophone" } }),
      missing: await client.callTool({ name: "desktop_assert", arguments: { app: "zenity-entry", target: "entry", window_title: TITLE, contains: "xylophone" } }),
      present: await client.callTool({ name: "desktop_assert", arguments: { app: "zenity-entry", target: "entry", window_title: TITLE, not_contains: "typed BY" } }),
      empty: await client.callTool({ name: "desktop_assert", arguments: { app: "zenity-entry", target: "entry", window_title: TITLE, contains: "" } }),
    };
    check("desktop_assert contains / not_contains pass and fail as pyatspi's text says, never echoing the text", () => {
      assert.equal(assertTexts.contains.isError, false, JSON.stringify(assertTexts.contains.structuredContent));
      assert.equal(assertTexts.contains.structuredContent.passed, true);
      assert.equal(assertTexts.notContains.isError, false, JSON.stringify(assertTexts.notContains.structuredContent));
      for (const failed of [assertTexts.missing, assertTexts.present]) {
        assert.equal(failed.isError, true, JSON.stringify(failed.structuredContent));
        assert.equal(failed.structuredContent.error.code, "assertion_failed");
        assert.equal(failed.structuredContent.details.passed, false);
      }
      // an empty text is bad input (the tool's input schema, or invalid_arguments), never an assertion's answer
      assert.equal(assertTexts.empty.isError, true, JSON.stringify(assertTexts.empty));
      assert.notEqual(assertTexts.empty.structuredContent?.error?.code, "assertion_failed");
      for (const answer of Object.values(assertTexts)) {
        const text = JSON.stringify(answer);
        for (const looked of ["BY SELECTOR", "xylophone", "typed BY"]) assert.ok(!text.includes(looked), text);
      }
    });
    const ok2 = found.structuredContent.elements[0];
    setAnswer("decline");
    const declinedProfileClick = await client.callTool({ name: "desktop_click", arguments: { app: "zenity-entry", target: "ok", window_title: TITLE } });
    const unsupportedVerb = await client.callTool({ name: "desktop_click", arguments: { app: "zenity-entry", target: "entry", window_title: TITLE } });
    check("desktop_click on the profile's OK target asks first (declined: nothing happens); a target without click is refused unasked", () => {
      assert.equal(declinedProfileClick.isError, true);
      assert.equal(declinedProfileClick.structuredContent.error.code, "confirmation_declined", JSON.stringify(declinedProfileClick.structuredContent));
      assert.match(asked.at(-1), /OK/);
      assert.equal(unsupportedVerb.structuredContent.error.code, "unsupported_target");
      assert.equal(asked.length, askedBefore + 2);
      assert.equal(tools2.exitCode, null, "the window is still open");
    });
    const declinedClick = await client.callTool({ name: "click", arguments: { tag: ok2.tag, observation_id: ok2.observation_id } });
    check("a declined click (by the tag find_elements gave) does nothing", () => {
      assert.equal(declinedClick.isError, true);
      assert.equal(declinedClick.structuredContent.error.code, "confirmation_declined");
      assert.equal(tools2.exitCode, null, "the window is still open");
    });
    setAnswer("accept");
    const clicked = await client.callTool({ name: "click", arguments: { selector: "role=push button,label=OK", window_title: TITLE } });
    check("click by selector on OK invokes it (target-addressed), signed and executed", () => {
      assert.equal(clicked.isError, false, JSON.stringify(clicked.structuredContent));
      assert.equal(clicked.structuredContent.action, "invoke");
      assert.equal(clicked.structuredContent.element.name, "OK");
      assert.equal(clicked.structuredContent.terminal.kind, "succeeded");
    });
    const code2 = await Promise.race([tools2Exit, sleep(10_000).then(() => "timeout")]);
    check("zenity closed by the click and printed the text type_text set", () => {
      assert.equal(code2, 0);
      assert.equal(tools2Out, "typed by selector\n");
    });
  } finally {
    tools2.kill();
  }

  // issue 17 defect 4 through the input tools: pointer and keyboard input really dispatch (operator profile and the
  // executor's opt-in PRAEFECTUS_ALLOW_GLOBAL_INPUT=1): paste_text, hotkey and type_text with press_return into a
  // real entry, each by selector and signed; read back by pyatspi and by what zenity prints when Return closes it
  const KEYS = "Praefectus Keyboard Tools";
  const keysWindow = spawn("zenity", ["--entry", "--title", KEYS, "--text", "Keys here"], { stdio: ["ignore", "pipe", "ignore"] });
  let keysOut = "";
  keysWindow.stdout.on("data", (d) => { keysOut += d; });
  const keysExit = new Promise((resolve) => keysWindow.on("exit", resolve));
  const input = await connect("operator", { extraEnvironment: { PRAEFECTUS_ALLOW_GLOBAL_INPUT: "1" } });
  try {
    for (let i = 0; i < 40; i++) {
      const seen = await input.client.callTool({ name: "list_windows", arguments: { title: KEYS } });
      if (!seen.isError && seen.structuredContent.count === 1) break;
      await sleep(250);
    }
    const oracleText = () => atspiOracle("text", KEYS);
    const pasted = await input.client.callTool({ name: "paste_text", arguments: { selector: "role=text", window_title: KEYS, text: "pasted words" } });
    let afterPaste;
    for (let i = 0; i < 20; i++) { afterPaste = oracleText(); if (afterPaste.stdout === "pasted words\n") break; await sleep(250); }
    check("paste_text by selector pastes into the entry (pointer route, signed), read back by pyatspi", () => {
      assert.equal(pasted.isError, false, JSON.stringify(pasted.structuredContent));
      assert.equal(pasted.structuredContent.action, "paste");
      assert.equal(pasted.structuredContent.terminal.kind, "succeeded");
      assert.equal(afterPaste.stdout, "pasted words\n", afterPaste.stderr);
    });
    const selectAll = await input.client.callTool({ name: "hotkey", arguments: { selector: "role=text", window_title: KEYS, keys: ["ctrl", "a"] } });
    check("hotkey ctrl+a on the entry is signed and succeeds", () => {
      assert.equal(selectAll.isError, false, JSON.stringify(selectAll.structuredContent));
      assert.equal(selectAll.structuredContent.action, "hotkey");
      assert.equal(selectAll.structuredContent.terminal.kind, "succeeded");
    });
    const typedKeys = await input.client.callTool({ name: "type_text", arguments: { selector: "role=text", window_title: KEYS, text: "keyboard words", press_return: true } });
    const keysCode = await Promise.race([keysExit, sleep(10_000).then(() => "timeout")]);
    check("type_text with press_return types over the selection and Return closes zenity, which prints the typed text", () => {
      assert.equal(typedKeys.isError, false, JSON.stringify(typedKeys.structuredContent));
      assert.equal(typedKeys.structuredContent.action, "type_text");
      assert.ok(["succeeded", "outcome_unknown"].includes(typedKeys.structuredContent.terminal.kind), JSON.stringify(typedKeys.structuredContent.terminal));
      assert.equal(keysCode, 0);
      assert.equal(keysOut, "keyboard words\n", "ctrl+a selected the pasted text, so typing replaced it");
    });
    // #36 defect 6: a window without accessibility (xmessage) is still listed, as the window manager lists it
    const XMESSAGE = "Praefectus Xmessage";
    const xmessage = spawn("xmessage", ["-title", XMESSAGE, "no accessibility here"], { stdio: "ignore" });
    try {
      spawnSync("xdotool", ["search", "--sync", "--onlyvisible", "--name", XMESSAGE], { timeout: 30_000 });
      const plain = await input.client.callTool({ name: "list_windows", arguments: { title: XMESSAGE } });
      check("list_windows lists xmessage (no AT-SPI) with accessible false and no surface", () => {
        assert.equal(plain.isError, false, JSON.stringify(plain.structuredContent));
        assert.equal(plain.structuredContent.count, 1, JSON.stringify(plain.structuredContent));
        const listed = plain.structuredContent.windows[0];
        assert.equal(listed.accessible, false);
        assert.equal(listed.surface, null);
        assert.equal(listed.title, XMESSAGE);
        assert.match(listed.app, /xmessage/i);
      });
    } finally {
      xmessage.kill();
    }
    // #36 focus_window, minimize_window, close_window: the typed desktop service plans the signed window action,
    // the person is asked (the question names the window), the window manager's answer is read back by xdotool
    const FOCUS_A = "Praefectus Focus One";
    const FOCUS_B = "Praefectus Focus Two";
    const focusA = spawn("zenity", ["--info", "--title", FOCUS_A, "--text", "one"], { stdio: "ignore" });
    const focusB = spawn("zenity", ["--info", "--title", FOCUS_B, "--text", "two"], { stdio: "ignore" });
    const focusBExit = new Promise((resolve) => focusB.on("exit", resolve));
    try {
      // wait_for, started as the windows start: the typed service reads again at each AT-SPI change
      const appeared = await input.client.callTool({ name: "wait_for", arguments: { selector: "role=push button,label=OK", window_title: FOCUS_A, timeout_ms: 60000 } });
      check("wait_for finds the OK button of a window that appears while it waits", () => {
        assert.equal(appeared.isError, false, JSON.stringify(appeared.structuredContent));
        assert.equal(appeared.structuredContent.met, true);
        assert.equal(appeared.structuredContent.count, 1);
        assert.equal(appeared.structuredContent.elements[0].tag, undefined, "no tag of another observation");
      });
      // a window just mapped may not have laid its label out on screen yet (target_not_found, retry_safe): a client
      // asks again, as the refusal says, at most ten times
      let label;
      for (let i = 0; i < 10; i++) {
        label = await input.client.callTool({ name: "read_text", arguments: { selector: "role=label", window_title: FOCUS_A } });
        if (!(label.isError && label.structuredContent?.error?.code === "target_not_found")) break;
        await sleep(250);
      }
      check("read_text reads the window's label text", () => {
        assert.equal(label.isError, false, JSON.stringify(label.structuredContent));
        assert.equal(label.structuredContent.text, "one");
        assert.equal(label.structuredContent.total, 3);
        assert.equal(label.structuredContent.next_offset, null);
      });
      const idOf = (title) => spawnSync("xdotool", ["search", "--sync", "--onlyvisible", "--name", title], { encoding: "utf8", timeout: 30_000 }).stdout.trim().split(/\s+/)[0];
      const idA = idOf(FOCUS_A);
      const idB = idOf(FOCUS_B);
      spawnSync("xdotool", ["windowactivate", "--sync", idB], { timeout: 30_000 });
      const activeId = () => spawnSync("xdotool", ["getactivewindow"], { encoding: "utf8" }).stdout.trim();
      const askedBefore = input.asked.length;
      const focusedA = await input.client.callTool({ name: "focus_window", arguments: { window_title: FOCUS_A } });
      const activeAfterFocus = activeId();
      check("focus_window raises the named window, signed and confirmed; xdotool sees it active", () => {
        assert.equal(focusedA.isError, false, JSON.stringify(focusedA.structuredContent));
        assert.equal(focusedA.structuredContent.terminal.kind, "succeeded");
        assert.equal(activeAfterFocus, idA, `active ${activeAfterFocus}, wanted ${idA} (B is ${idB})`);
        assert.equal(input.asked.length, askedBefore + 1, "one question");
        assert.match(input.asked[input.asked.length - 1], new RegExp(`Window: ${FOCUS_A}`));
      });
      const minimized = await input.client.callTool({ name: "minimize_window", arguments: { window_title: FOCUS_A } });
      const stateA = spawnSync("xprop", ["-id", idA, "_NET_WM_STATE"], { encoding: "utf8" }).stdout;
      check("minimize_window minimizes it (xprop reads _NET_WM_STATE_HIDDEN)", () => {
        assert.equal(minimized.isError, false, JSON.stringify(minimized.structuredContent));
        assert.match(stateA, /_NET_WM_STATE_HIDDEN/);
      });
      const closed = await input.client.callTool({ name: "close_window", arguments: { window_title: FOCUS_B } });
      const closeCode = await Promise.race([focusBExit, sleep(10_000).then(() => "timeout")]);
      check("close_window closes the other window: its zenity process ends", () => {
        assert.equal(closed.isError, false, JSON.stringify(closed.structuredContent));
        assert.notEqual(closeCode, "timeout");
      });
      const vanished = await input.client.callTool({ name: "wait_for", arguments: { selector: "role=push button,label=OK", window_title: FOCUS_B, gone: true, timeout_ms: 30000 } });
      const never = await input.client.callTool({ name: "wait_for", arguments: { selector: "role=push button,label=No such button", window_title: FOCUS_A, timeout_ms: 300 } });
      check("wait_for sees the closed window's button gone; a button that never comes ends in the tool error timeout", () => {
        assert.equal(vanished.isError, false, JSON.stringify(vanished.structuredContent));
        assert.equal(vanished.structuredContent.met, true);
        assert.equal(vanished.structuredContent.count, 0);
        assert.equal(never.isError, true, JSON.stringify(never.structuredContent));
        assert.equal(never.structuredContent.error.code, "timeout");
        assert.equal(never.structuredContent.met, false);
      });
      const askedBeforeMissing = input.asked.length;
      const missing = await input.client.callTool({ name: "focus_window", arguments: { window_title: "no window has this title" } });
      check("focus_window of no window is window_not_found before anyone is asked", () => {
        assert.equal(missing.isError, true);
        assert.equal(missing.structuredContent.error.code, "window_not_found");
        assert.equal(input.asked.length, askedBeforeMissing);
      });
    } finally {
      focusA.kill();
      focusB.kill();
    }
    // screen points: move_mouse to a point (the pointer read back by xdotool), then click at the centre of a
    // zenity question's Yes button, which exits 0 only when Yes is pressed
    const ASK = "Praefectus Pointer Tools";
    const question = spawn("zenity", ["--question", "--title", ASK, "--text", "Press Yes"], { stdio: "ignore" });
    const questionExit = new Promise((resolve) => question.on("exit", resolve));
    let yes;
    for (let i = 0; i < 40 && !yes; i++) {
      const f = await input.client.callTool({ name: "find_elements", arguments: { selector: "role=push button,label=Yes", window_title: ASK } });
      if (!f.isError && f.structuredContent.count === 1) yes = f.structuredContent.elements[0];
      else await sleep(250);
    }
    check("find_elements finds the question's Yes button with its centre", () => assert.ok(yes?.center, "Yes button"));
    const moved = await input.client.callTool({ name: "move_mouse", arguments: { x: 7, y: 9 } });
    const where = spawnSync("xdotool", ["getmouselocation", "--shell"], { encoding: "utf8" }).stdout;
    check("move_mouse to a screen point moves the pointer there (xdotool reads it back)", () => {
      assert.equal(moved.isError, false, JSON.stringify(moved.structuredContent));
      assert.equal(moved.structuredContent.action, "move");
      assert.deepEqual(moved.structuredContent.point, { x: 7, y: 9 });
      assert.match(where, /^X=7$/m);
      assert.match(where, /^Y=9$/m);
    });
    const offScreen = await input.client.callTool({ name: "click", arguments: { x: 100000, y: 5 } });
    check("a click at a point on no display is out_of_bounds, nothing asked", () => {
      assert.equal(offScreen.isError, true);
      assert.equal(offScreen.structuredContent.error.code, "out_of_bounds");
    });
    const both = await input.client.callTool({ name: "click", arguments: { x: 1, y: 1, selector: "role=push button" } });
    check("a click with both a point and a selector is invalid_arguments", () => {
      assert.equal(both.structuredContent.error.code, "invalid_arguments");
    });
    const pointClick = await input.client.callTool({ name: "click", arguments: { x: yes.center.x, y: yes.center.y } });
    const questionCode = await Promise.race([questionExit, sleep(10_000).then(() => "timeout")]);
    check("click at the Yes button's centre (pointer input at a fenced point) answers the question Yes", () => {
      assert.equal(pointClick.isError, false, JSON.stringify(pointClick.structuredContent));
      assert.equal(pointClick.structuredContent.action, "click");
      assert.match(input.asked.at(-1), new RegExp(`At screen point: ${yes.center.x}, ${yes.center.y}`));
      assert.equal(questionCode, 0);
    });
    question.kill();

    // press, scroll and an element-to-element drag by selector on real GTK windows, each read back over AT-SPI by
    // pyatspi: keys into an empty entry, the wheel over a long text (its vertical scroll bar moves), a GtkScale's
    // slider dragged onto the dialog's OK button (the value follows the pointer to the right)
    const atspiValue = (title, role, vertical) => atspiOracle("value", title, role, ...(vertical ? ["vertical"] : []));
    const windowShown = async (title) => {
      for (let i = 0; i < 40; i++) {
        const seen = await input.client.callTool({ name: "list_windows", arguments: { title } });
        if (!seen.isError && seen.structuredContent.count === 1) return true;
        await sleep(250);
      }
      return false;
    };
    const PRESS = "Praefectus Press Tool";
    const pressWindow = spawn("zenity", ["--entry", "--title", PRESS, "--text", "Keys pressed here"], { stdio: ["ignore", "pipe", "ignore"] });
    let pressOut = "";
    pressWindow.stdout.on("data", (d) => { pressOut += d; });
    const pressExit = new Promise((resolve) => pressWindow.on("exit", resolve));
    try {
      await windowShown(PRESS);
      const pressed = await input.client.callTool({ name: "press", arguments: { selector: "role=text", window_title: PRESS, key: "x", count: 3 } });
      let afterPress;
      for (let i = 0; i < 20; i++) {
        afterPress = atspiOracle("text", PRESS);
        if (afterPress.stdout === "xxx\n") break;
        await sleep(250);
      }
      check("press x three times by selector (keyboard input to the focused entry, signed), read back by pyatspi", () => {
        assert.equal(pressed.isError, false, JSON.stringify(pressed.structuredContent));
        assert.equal(pressed.structuredContent.action, "press");
        assert.equal(pressed.structuredContent.element.role, "text");
        assert.equal(pressed.structuredContent.terminal.kind, "succeeded");
        assert.match(input.asked.at(-1), new RegExp(`Window: "${PRESS}"`));
        assert.equal(afterPress.stdout, "xxx\n", afterPress.stderr);
      });
      const enter = await input.client.callTool({ name: "press", arguments: { selector: "role=text", window_title: PRESS, key: "Return" } });
      const pressCode = await Promise.race([pressExit, sleep(10_000).then(() => "timeout")]);
      check("press Return closes zenity, which prints what the three presses typed", () => {
        assert.equal(enter.isError, false, JSON.stringify(enter.structuredContent));
        assert.equal(pressCode, 0);
        assert.equal(pressOut, "xxx\n");
      });
    } finally {
      pressWindow.kill();
    }

    const SCROLL = "Praefectus Scroll Tool";
    const longText = join(home, "long.txt");
    writeFileSync(longText, Array.from({ length: 400 }, (_, i) => `line ${i + 1}`).join("\n") + "\n");
    const scrollWindow = spawn("zenity", ["--text-info", "--title", SCROLL, "--filename", longText], { stdio: "ignore" });
    try {
      await windowShown(SCROLL);
      const before = atspiValue(SCROLL, "scroll bar", true);
      const scrolled = await input.client.callTool({ name: "scroll", arguments: { selector: "role=text", window_title: SCROLL, direction: "down", amount: 10 } });
      let after;
      for (let i = 0; i < 20; i++) {
        after = atspiValue(SCROLL, "scroll bar", true);
        if (Number(after.stdout) > 0) break;
        await sleep(250);
      }
      check("scroll down over the text by selector (wheel at the fenced element, signed): its vertical scroll bar moves (pyatspi)", () => {
        assert.equal(scrolled.isError, false, JSON.stringify(scrolled.structuredContent));
        assert.equal(scrolled.structuredContent.action, "scroll");
        assert.equal(scrolled.structuredContent.terminal.kind, "succeeded");
        assert.equal(before.status, 0, before.stderr);
        assert.equal(Number(before.stdout), 0);
        assert.ok(Number(after.stdout) > 0, `scroll bar value ${after.stdout}`);
      });
    } finally {
      scrollWindow.kill();
    }

    const SCALE = "Praefectus Drag Tool";
    const scaleWindow = spawn("zenity", ["--scale", "--title", SCALE, "--text", "Drag the slider", "--min-value", "0",
      "--max-value", "100", "--value", "0"], { stdio: ["ignore", "pipe", "ignore"] });
    let scaleOut = "";
    scaleWindow.stdout.on("data", (d) => { scaleOut += d; });
    const scaleExit = new Promise((resolve) => scaleWindow.on("exit", resolve));
    try {
      await windowShown(SCALE);
      const dragged = await input.client.callTool({ name: "drag", arguments: { selector: "role=slider", to_selector: "role=push button,label=OK", window_title: SCALE } });
      let value;
      for (let i = 0; i < 20; i++) {
        value = atspiValue(SCALE, "slider");
        if (Number(value.stdout) >= 50) break;
        await sleep(250);
      }
      check("drag from the slider to the OK button by selectors (pointer input between two fenced elements): the slider's value rises (pyatspi)", () => {
        assert.equal(dragged.isError, false, JSON.stringify(dragged.structuredContent));
        assert.equal(dragged.structuredContent.action, "drag");
        assert.equal(dragged.structuredContent.element.role, "slider");
        assert.equal(dragged.structuredContent.terminal.kind, "succeeded");
        assert.equal(value.status, 0, value.stderr);
        assert.ok(Number(value.stdout) >= 50, `slider value ${value.stdout}`);
      });
      // act's drag between two tags of an observation, planned the same way: from the slider onto the dialog's label,
      // at its left, so the value falls
      // The first drag leaves the pointer on OK, whose hover highlight still fades in: a coordinate fence that
      // sees the screen change near its point refuses with no effect (stale_target, retry_safe). A client then
      // observes again and decides, as the refusal's next_action says; so does this one, at most three times.
      let scaleSeen, slider, label, actDrag;
      const draggedBefore = Number(value.stdout);
      for (let attempt = 0; attempt < 3; attempt++) {
        scaleSeen = undefined;
        for (let i = 0; i < 20 && !scaleSeen; i++) {
          const seen = await input.client.callTool({ name: "observe", arguments: { max_elements: 4096, max_bytes: 2097152 } });
          if (!seen.isError && seen.structuredContent.elements.some((e) => e.role === "slider")) scaleSeen = seen.structuredContent;
          else await sleep(250);
        }
        slider = scaleSeen?.elements.find((e) => e.role === "slider");
        label = scaleSeen?.elements.find((e) => e.role === "label" && e.name === "Drag the slider");
        actDrag = slider && label
          ? await input.client.callTool({ name: "act", arguments: { action: "drag", tag: slider.tag, to_tag: label.tag } })
          : undefined;
        const refused = actDrag?.structuredContent?.terminal;
        if (!(refused?.kind === "rejected" && refused?.code === "stale_target")) break;
        await sleep(500);
      }
      for (let i = 0; i < 20; i++) {
        value = atspiValue(SCALE, "slider");
        if (Number(value.stdout) < draggedBefore) break;
        await sleep(250);
      }
      check("act drag from the slider's tag to the label's tag (between their centres, signed): the value falls (pyatspi)", () => {
        assert.ok(slider && label, JSON.stringify(scaleSeen?.elements.map((e) => [e.role, e.name])));
        assert.equal(actDrag.isError, false, JSON.stringify(actDrag.structuredContent));
        assert.equal(actDrag.structuredContent.terminal.kind, "succeeded");
        assert.match(input.asked.at(-1), /From: slider/);
        assert.ok(Number(value.stdout) < draggedBefore, `slider value ${value.stdout} after ${draggedBefore}`);
      });
      // desktop_drag: the zenity-scale profile's slider target (fixtures/profiles), dragged within its bounds from
      // the middle to near its right end (GTK warps the slider to the press, then it follows the pointer), so the
      // value rises; a coordinate fence that sees the screen change near its points refuses, and this client
      // observes again, at most three times, as above
      const beforeProfileDrag = Number(value.stdout);
      let profileDrag;
      for (let attempt = 0; attempt < 3; attempt++) {
        profileDrag = await input.client.callTool({ name: "desktop_drag", arguments: { app: "zenity-scale", target: "slider",
          window_title: SCALE, from_ratio: [0.5, 0.5], to_ratio: [0.97, 0.5] } });
        const refused = profileDrag.structuredContent?.terminal;
        if (!(refused?.kind === "rejected" && refused?.code === "stale_target")) break;
        await sleep(500);
      }
      for (let i = 0; i < 20; i++) {
        value = atspiValue(SCALE, "slider");
        if (Number(value.stdout) >= 90) break;
        await sleep(250);
      }
      check("desktop_drag within the zenity-scale profile's slider (from_ratio 0.5 to 0.97, signed after confirmation): the value rises past 90 (pyatspi)", () => {
        assert.equal(profileDrag.isError, false, JSON.stringify(profileDrag.structuredContent));
        assert.equal(profileDrag.structuredContent.action, "drag");
        assert.equal(profileDrag.structuredContent.terminal.kind, "succeeded");
        assert.match(input.asked.at(-1), /Target: slider of the desktop profile zenity-scale/);
        assert.equal(value.status, 0, value.stderr);
        assert.ok(Number(value.stdout) >= 90 && Number(value.stdout) > beforeProfileDrag,
          `slider value ${value.stdout} after ${beforeProfileDrag}`);
      });
      // set_value on the slider (#36 "values, not only text"): its number through AT-SPI Value, written 42.0 and signed
      // as 42 (the one written form its value is read back in), verified; find_elements reads it back, so does pyatspi
      let setSeen;
      for (let i = 0; i < 20 && !setSeen; i++) {
        const seen = await input.client.callTool({ name: "observe", arguments: { max_elements: 4096, max_bytes: 2097152 } });
        if (!seen.isError && seen.structuredContent.elements.some((e) => e.role === "slider")) setSeen = seen.structuredContent;
        else await sleep(250);
      }
      const sliderNow = setSeen?.elements.find((e) => e.role === "slider");
      const setSlider = sliderNow
        ? await input.client.callTool({ name: "act", arguments: { action: "set_value", tag: sliderNow.tag, value: "42.0" } })
        : undefined;
      const outside = sliderNow
        ? await input.client.callTool({ name: "act", arguments: { action: "set_value", tag: sliderNow.tag, value: "250" } })
        : undefined;
      const foundSlider = await input.client.callTool({ name: "find_elements", arguments: { selector: "role=slider", window_title: SCALE } });
      value = atspiValue(SCALE, "slider");
      check("act set_value 42.0 sets the slider's number through AT-SPI Value (verified); find_elements and pyatspi read 42; 250 is refused, nothing changes", () => {
        assert.ok(sliderNow, JSON.stringify(setSeen?.elements.map((e) => [e.role, e.name])));
        assert.equal(setSlider.isError, false, JSON.stringify(setSlider.structuredContent));
        assert.equal(setSlider.structuredContent.terminal.kind, "succeeded");
        assert.equal(setSlider.structuredContent.verified, true);
        assert.equal(outside.isError, true, JSON.stringify(outside.structuredContent));
        assert.equal(foundSlider.isError, false, JSON.stringify(foundSlider.structuredContent));
        const readBack = foundSlider.structuredContent.elements[0].read_back;
        assert.ok(readBack, JSON.stringify(foundSlider.structuredContent));
        assert.equal(readBack.value, 42);
        assert.equal(readBack.min, 0);
        assert.equal(readBack.max, 100);
        assert.equal(value.status, 0, value.stderr);
        assert.equal(Number(value.stdout), 42);
      });
      const okScale = await input.client.callTool({ name: "click", arguments: { selector: "role=push button,label=OK", window_title: SCALE } });
      const scaleCode = await Promise.race([scaleExit, sleep(10_000).then(() => "timeout")]);
      check("OK (invoked by selector) closes the scale dialog, which prints the value pyatspi read", () => {
        assert.equal(okScale.isError, false, JSON.stringify(okScale.structuredContent));
        assert.equal(scaleCode, 0);
        assert.equal(Number(scaleOut.trim()), Math.round(Number(value.stdout)));
      });
    } finally {
      scaleWindow.kill();
    }

    // observe format outline (#36 "compact observations"): Mousepad with a document, one line per visible element, its
    // text read back in the line; every control pyatspi sees as shown (fixtures/atspi-controls.py) is in it, nothing of a
    // closed menu is, and it fits 6 KB
    const OUTLINE_DOC = join(home, "outline.txt");
    writeFileSync(OUTLINE_DOC, "Alpha beta gamma delta.");
    const OUTLINE_TITLE = `${OUTLINE_DOC} - Mousepad`; // Mousepad titles a file by its whole path
    const outlineEditor = spawn("env", ["GSETTINGS_BACKEND=memory", `XDG_CONFIG_HOME=${join(home, "mousepad-config")}`,
      `XDG_DATA_HOME=${join(home, "mousepad-data")}`, "mousepad", OUTLINE_DOC], { stdio: "ignore" });
    try {
      await windowShown(OUTLINE_TITLE);
      const editorSurface = (await input.client.callTool({ name: "surfaces", arguments: {} })).structuredContent.surfaces
        .find((x) => x.process_id === outlineEditor.pid || x.title === OUTLINE_TITLE);
      let outlined, outlineText = "";
      for (let i = 0; i < 20; i++) {
        outlined = await input.client.callTool({ name: "observe", arguments: { surface: editorSurface?.surface.id, format: "outline", max_bytes: 2097152 } });
        outlineText = outlined.content?.find((c) => c.type === "text")?.text ?? "";
        if (!outlined.isError && outlineText.includes("Alpha beta gamma delta.")) break;
        await sleep(250);
      }
      const shown = atspiOracle("controls", OUTLINE_TITLE);
      check("observe format outline of Mousepad: every control pyatspi sees is a line, the document's text is read back, no closed menu item, ≤ 6 KB", () => {
        assert.ok(editorSurface, "Mousepad's surface is listed");
        assert.equal(outlined.isError, false, JSON.stringify(outlined.structuredContent));
        assert.equal(outlined.structuredContent.format, "outline");
        assert.equal(outlined.structuredContent.next_offset, null);
        assert.deepEqual(outlined.structuredContent.elements, []);
        assert.equal(shown.status, 0, shown.stderr);
        const controls = JSON.parse(shown.stdout);
        assert.ok(controls.some(([role]) => role === "text") && controls.some(([role]) => role === "menu"), shown.stdout);
        const lines = outlineText.split("\n");
        for (const [role, name] of controls) {
          const prefix = name ? `- ${role} ${JSON.stringify(name.slice(0, 120)).slice(0, -1)}` : `- ${role} [`;
          assert.ok(lines.some((l) => l.trimStart().startsWith(prefix)), `${role} "${name}" missing from:\n${outlineText}`);
        }
        assert.match(outlineText, /- text .*\[editable\].*\[text="Alpha beta gamma delta\."\]/);
        assert.ok(!outlineText.includes('"Save As'), "a closed menu's items are left out");
        assert.ok(Buffer.byteLength(outlineText) <= 6144, `${Buffer.byteLength(outlineText)} bytes:\n${outlineText}`);
      });
      console.error(`# Mousepad outline: ${Buffer.byteLength(outlineText)} bytes, ${outlined.structuredContent.returned_elements} lines`);
      const fromThird = await input.client.callTool({ name: "observe", arguments: { surface: editorSurface?.surface.id, format: "outline", offset: 2 } });
      check("observe format outline with offset 2 starts at the outline's third line", () => {
        assert.equal(fromThird.isError, false, JSON.stringify(fromThird.structuredContent));
        assert.equal(fromThird.structuredContent.offset, 2);
        const page = fromThird.content.find((c) => c.type === "text").text;
        assert.equal(page.split("\n")[0], outlineText.split("\n")[2], page);
      });
    } finally {
      outlineEditor.kill();
    }

    const audit = readFileSync(join(home, ".local/state/praefectus/mcp/audit.jsonl"), "utf8");
    check("the input tools' audit lines carry lengths, never the text or the selector", () => {
      assert.ok(audit.includes("\"tool\":\"paste_text\"") && audit.includes("\"tool\":\"type_text\""));
      assert.ok(!audit.includes("pasted words") && !audit.includes("keyboard words") && !audit.includes("role=text"));
    });
  } finally {
    await input.client.close();
    keysWindow.kill();
  }

  // #36 launch_app, quit_app, open: the application tools plan the signed application and open actions through the
  // typed desktop service; the names come from this run's own XDG folders (a desktop ID for gtk3-widget-factory,
  // Mousepad as the text/plain handler), so nothing depends on the machine's applications
  const appsData = join(home, "apps-data");
  const appsConfig = join(home, "apps-config");
  mkdirSync(join(appsData, "applications"), { recursive: true });
  mkdirSync(appsConfig, { recursive: true });
  writeFileSync(join(appsData, "applications/praefectus-e2e-factory.desktop"),
    "[Desktop Entry]\nType=Application\nName=E2E Factory\nExec=gtk3-widget-factory %U\n");
  writeFileSync(join(appsData, "applications/praefectus-e2e-editor.desktop"),
    "[Desktop Entry]\nType=Application\nName=E2E Editor\nMimeType=text/plain;\nExec=mousepad --disable-server --opening-mode=window %f\n");
  writeFileSync(join(appsConfig, "mimeapps.list"), "[Default Applications]\ntext/plain=praefectus-e2e-editor.desktop\n");
  // a profile whose launch opens a window no other check opens, for desktop_focus's launch_if_needed
  const appsProfiles = join(home, "apps-profiles");
  const LAUNCH_TITLE = `Praefectus E2E Launch Probe ${process.pid}`;
  mkdirSync(appsProfiles, { recursive: true });
  writeFileSync(join(appsProfiles, "launch-probe.json"), JSON.stringify({
    schema_version: "desktop-profile.v1", app: "launch-probe",
    launch: { command: "zenity", args: ["--info", "--title", LAUNCH_TITLE, "--text", "launched"] },
    window: { app: LAUNCH_TITLE }, targets: { text: { selector: "role=label", supports: ["locate"] } } }));
  const apps = await connect("operator", { extraEnvironment: {
    PRAEFECTUS_ALLOW_GLOBAL_INPUT: "1", XDG_DATA_HOME: appsData, XDG_CONFIG_HOME: appsConfig,
    PEEKABOOX_DESKTOP_PROFILE_PATH: `${profileEnvironment.PEEKABOOX_DESKTOP_PROFILE_PATH}:${appsProfiles}` } });
  const probes = () => spawnSync("xdotool", ["search", "--onlyvisible", "--name", `^${LAUNCH_TITLE}$`], { encoding: "utf8" })
    .stdout.split(/\s+/).filter(Boolean);
  // mapped windows only: a GTK application keeps an unmapped leader window until its process has ended
  const factories = () => spawnSync("xdotool", ["search", "--onlyvisible", "--classname", "^gtk3-widget-factory$"], { encoding: "utf8" }).stdout.trim();
  let openedWindow;
  try {
    const askedBeforeLaunch = apps.asked.length;
    const launched = await apps.client.callTool({ name: "launch_app", arguments: { app: "praefectus-e2e-factory.desktop" } });
    const afterLaunch = factories();
    check("launch_app starts an application by desktop ID, confirmed, and returns the window xdotool finds", () => {
      assert.equal(launched.isError, false, JSON.stringify(launched.structuredContent));
      assert.equal(launched.structuredContent.terminal.kind, "succeeded");
      assert.equal(launched.structuredContent.window.app_id, "gtk3-widget-factory");
      assert.ok(afterLaunch.split(/\s+/).includes(launched.structuredContent.window.id), `${afterLaunch}`);
      assert.equal(apps.asked.length, askedBeforeLaunch + 1, "one question");
      assert.match(apps.asked[apps.asked.length - 1], /Application: praefectus-e2e-factory\.desktop/);
    });
    // #36 acceptance, gtk3-widget-factory's half through MCP tools: toggle a check button, set a slider to a value,
    // each read back through MCP (find_elements' read_back) and by pyatspi (its frame has no accessible name: the oracle
    // finds it by application). The first enabled, unchecked "checkbutton" and the first enabled slider at 50.
    const FACTORY = { app: "gtk3-widget-factory" };
    const factoryStates = (role) => {
      const read = atspiOracle("states", "app=gtk3-widget-factory", role);
      return read.status === 0 ? JSON.parse(read.stdout) : [];
    };
    const checkedEnabled = (states) => states.filter(([, checked, enabled]) => checked && enabled).length;
    let boxes;
    for (let i = 0; i < 20; i++) {
      boxes = await apps.client.callTool({ name: "find_elements", arguments: { selector: "role=check box,label=checkbutton", ...FACTORY } });
      if (!boxes.isError && boxes.structuredContent.elements.length >= 6) break;
      await sleep(250);
    }
    const box = boxes.structuredContent?.elements?.find((e) => e.read_back?.enabled && e.read_back?.checked === false);
    const boxesBefore = factoryStates("check box");
    const toggled = box
      ? await apps.client.callTool({ name: "click", arguments: { observation_id: box.observation_id, tag: box.tag } })
      : undefined;
    const boxesAfter = await apps.client.callTool({ name: "find_elements", arguments: { selector: "role=check box,label=checkbutton", ...FACTORY } });
    const boxesRead = factoryStates("check box");
    check("gtk3-widget-factory: click toggles an enabled check button; find_elements reads it checked, pyatspi sees one more checked and enabled", () => {
      assert.ok(box, JSON.stringify(boxes.structuredContent));
      assert.equal(toggled.isError, false, JSON.stringify(toggled.structuredContent));
      assert.equal(toggled.structuredContent.terminal.kind, "succeeded");
      const mcpChecked = (found) => found.structuredContent.elements.filter((e) => e.read_back?.enabled && e.read_back?.checked).length;
      assert.equal(mcpChecked(boxesAfter), mcpChecked(boxes) + 1, JSON.stringify(boxesAfter.structuredContent.elements.map((e) => e.read_back)));
      assert.equal(boxesBefore.length, 6, JSON.stringify(boxesBefore));
      assert.equal(checkedEnabled(boxesRead), checkedEnabled(boxesBefore) + 1, JSON.stringify(boxesRead));
      assert.equal(checkedEnabled(boxesRead), mcpChecked(boxesAfter));
    });
    let factorySeen;
    for (let i = 0; i < 20 && !factorySeen; i++) {
      const seen = await apps.client.callTool({ name: "observe", arguments: { max_elements: 4096, max_bytes: 2097152 } });
      if (!seen.isError && seen.structuredContent.elements.some((e) => e.role === "slider")) factorySeen = seen.structuredContent;
      else await sleep(250);
    }
    const slidersBefore = factoryStates("slider");
    // the slider to set: enabled, at 50 of 1..100 as find_elements reads it back; act takes its tag in observe, the
    // element with the same bounds
    const sliders = await apps.client.callTool({ name: "find_elements", arguments: { selector: "role=slider", ...FACTORY } });
    const wanted = sliders.structuredContent?.elements?.find((e) =>
      e.read_back?.enabled && e.read_back?.value === 50 && e.read_back?.max === 100);
    const sameBounds = (a, b) => a && b && ["x", "y", "width", "height"].every((k) => a[k] === b[k]);
    const factorySlider = factorySeen?.elements.find((e) => e.role === "slider" && sameBounds(e.bounds, wanted?.bounds));
    const setFactory = factorySlider
      ? await apps.client.callTool({ name: "act", arguments: { action: "set_value", tag: factorySlider.tag, value: "30" } })
      : undefined;
    const slidersFound = await apps.client.callTool({ name: "find_elements", arguments: { selector: "role=slider", ...FACTORY } });
    const slidersRead = factoryStates("slider");
    check("gtk3-widget-factory: act set_value 30 on a slider (verified); find_elements and pyatspi read 30 on it and on the sliders sharing its adjustment", () => {
      assert.ok(wanted, JSON.stringify(sliders.structuredContent));
      assert.ok(factorySlider, JSON.stringify(factorySeen?.elements.filter((e) => e.role === "slider")));
      assert.equal(setFactory.isError, false, JSON.stringify(setFactory.structuredContent));
      assert.equal(setFactory.structuredContent.terminal.kind, "succeeded");
      assert.equal(setFactory.structuredContent.verified, true);
      // act's result carries what changed (#36): the slider set and the ones sharing its adjustment, at 30 now
      const changedSliders = setFactory.structuredContent.changes.changed.filter((c) => c.role === "slider");
      assert.ok(changedSliders.some((c) => c.tag === factorySlider.tag), JSON.stringify(setFactory.structuredContent.changes));
      assert.deepEqual(changedSliders.map((c) => c.read_back.value), [30, 30, 30, 30], JSON.stringify(changedSliders));
      assert.equal(slidersFound.isError, false, JSON.stringify(slidersFound.structuredContent));
      // the factory's four sliders at 50 share one adjustment: all of them move to 30, the one at 2 stays
      const values = (list) => list.map(Number).sort((a, b) => a - b);
      assert.deepEqual(values(slidersBefore.map(([, , , value]) => value)), [2, 50, 50, 50, 50], JSON.stringify(slidersBefore));
      assert.deepEqual(values(slidersRead.map(([, , , value]) => value)), [2, 30, 30, 30, 30], JSON.stringify(slidersRead));
      assert.deepEqual(values(slidersFound.structuredContent.elements.map((e) => e.read_back?.value)), [2, 30, 30, 30, 30],
        JSON.stringify(slidersFound.structuredContent.elements.map((e) => e.read_back)));
    });
    // a combo box's item chosen by name (set_value through AT-SPI Selection, no popup, no pointer): the first of the
    // factory's Left/Middle/Right combo boxes, showing Left, is set to Right; find_elements reads back the item each
    // combo box shows (asked of the toolkit, not the cache), pyatspi reads the same names
    const comboNames = () => factoryStates("combo box").map(([name]) => name).filter((name) => ["Left", "Middle", "Right"].includes(name));
    const combosBefore = comboNames();
    const leftCombo = factorySeen?.elements.find((e) => e.role === "combo box" && e.name === "Left");
    const chosen = leftCombo
      ? await apps.client.callTool({ name: "act", arguments: { action: "set_value", tag: leftCombo.tag, value: "Right" } })
      : undefined;
    const unknownItem = leftCombo
      ? await apps.client.callTool({ name: "act", arguments: { action: "set_value", tag: leftCombo.tag, value: "Nowhere" } })
      : undefined;
    const combosFound = await apps.client.callTool({ name: "find_elements", arguments: { selector: "role=combo box", ...FACTORY } });
    const combosAfter = comboNames();
    check("gtk3-widget-factory: act set_value Right chooses a combo box's item (verified); find_elements and pyatspi read Right; an item it lacks is refused", () => {
      assert.ok(leftCombo, JSON.stringify(factorySeen?.elements.filter((e) => e.role === "combo box")));
      assert.equal(chosen.isError, false, JSON.stringify(chosen.structuredContent));
      assert.equal(chosen.structuredContent.terminal.kind, "succeeded");
      assert.equal(chosen.structuredContent.verified, true);
      assert.deepEqual(chosen.structuredContent.changes.changed.filter((c) => c.tag === leftCombo.tag).map((c) => c.read_back.text),
        ["Right"], JSON.stringify(chosen.structuredContent.changes));
      assert.equal(unknownItem.isError, true, JSON.stringify(unknownItem.structuredContent));
      assert.deepEqual(combosBefore, ["Left", "Middle", "Right"]);
      assert.deepEqual(combosAfter, ["Right", "Middle", "Right"]);
      const shown = combosFound.structuredContent.elements.map((e) => e.read_back?.text).filter((t) => ["Left", "Middle", "Right"].includes(t));
      assert.deepEqual(shown.sort(), ["Middle", "Right", "Right"], JSON.stringify(combosFound.structuredContent.elements.map((e) => e.read_back)));
    });
    // #36 "selection in lists … and tables": the factory's table (a check box column without names, then Name and
    // Nick) has its cells observed (managed descendants), and act select chooses Otto's row by its first named cell,
    // verified; pyatspi reads exactly that row's cells selected; a name no row has is refused before anyone is asked
    const tableSeen = await apps.client.callTool({ name: "observe", arguments: { max_elements: 4096, max_bytes: 2097152 } });
    const factoryTable = tableSeen.structuredContent?.elements?.find((e) => e.role === "table" && e.bounds);
    const rowsBefore = atspiOracle("selected", "app=gtk3-widget-factory", "table cell");
    const selectedRow = factoryTable
      ? await apps.client.callTool({ name: "act", arguments: { action: "select", tag: factoryTable.tag, item: "Otto" } })
      : undefined;
    const rowsAfter = atspiOracle("selected", "app=gtk3-widget-factory", "table cell");
    const askedBeforeNoItem = apps.asked.length;
    const noRow = factoryTable
      ? await apps.client.callTool({ name: "act", arguments: { action: "select", tag: factoryTable.tag, item: "Nowhere" } })
      : undefined;
    const cellsFound = await apps.client.callTool({ name: "find_elements", arguments: { selector: "role=table cell,label=Otto", ...FACTORY } });
    check("gtk3-widget-factory: act select Otto selects that table row (verified); pyatspi reads its cells selected; find_elements reads the cell selected; a row it lacks is refused unasked", () => {
      assert.ok(factoryTable, JSON.stringify(tableSeen.structuredContent?.elements?.filter((e) => e.role.startsWith("table"))));
      assert.ok(tableSeen.structuredContent.elements.some((e) => e.role === "table cell" && e.name === "Otto"), "the table's cells are observed");
      assert.equal(selectedRow.isError, false, JSON.stringify(selectedRow.structuredContent));
      assert.equal(selectedRow.structuredContent.terminal.kind, "succeeded");
      assert.equal(selectedRow.structuredContent.verified, true);
      assert.deepEqual(JSON.parse(rowsBefore.stdout), [], rowsBefore.stdout);
      assert.deepEqual(JSON.parse(rowsAfter.stdout).filter((name) => name !== ""), ["Otto", "chaotic"], rowsAfter.stdout);
      assert.equal(noRow.isError, true, JSON.stringify(noRow.structuredContent));
      assert.equal(noRow.structuredContent.error.code, "no_such_item", JSON.stringify(noRow.structuredContent));
      assert.equal(apps.asked.length, askedBeforeNoItem, "nobody was asked about a row the table does not show");
      assert.deepEqual(cellsFound.structuredContent.elements.map((e) => e.read_back?.selected), [true], JSON.stringify(cellsFound.structuredContent));
    });
    const askedBeforeRefusal = apps.asked.length;
    const command = await apps.client.callTool({ name: "launch_app", arguments: { app: "/usr/bin/xmessage" } });
    check("launch_app of a command (no profile, no desktop ID) is refused before anyone is asked", () => {
      assert.equal(command.isError, true);
      assert.equal(command.structuredContent.error.code, "application_not_allowed");
      assert.equal(apps.asked.length, askedBeforeRefusal);
    });
    const quit = await apps.client.callTool({ name: "quit_app", arguments: { app: "praefectus-e2e-factory.desktop" } });
    const afterQuit = factories();
    check("quit_app closes the application's windows: xdotool finds none", () => {
      assert.equal(quit.isError, false, JSON.stringify(quit.structuredContent));
      assert.equal(quit.structuredContent.terminal.kind, "succeeded");
      assert.equal(afterQuit, "");
    });
    // #36 acceptance, the Mousepad task through MCP tools only, counted: launch Mousepad, type two sentences into its
    // document, append a third at the end, select all, read the text back; pyatspi confirms the text and the selection
    const taskAskedBefore = apps.asked.length;
    let taskCalls = 0;
    const task = async (name, args) => { taskCalls++; return apps.client.callTool({ name, arguments: args }); };
    const editor = await task("launch_app", { app: "praefectus-e2e-editor.desktop" });
    const editorId = editor.structuredContent?.window?.id;
    const inEditor = { selector: "role=text,state=editable", app: "mousepad" };
    const typed = await task("type_text", { ...inEditor, text: "Praefectus types at the caret. Nothing else is replaced." });
    const appended = await task("type_text", { ...inEditor, text: " A third sentence ends it." });
    const selectedAll = await task("hotkey", { ...inEditor, keys: ["ctrl", "a"] });
    const readBack = await task("read_text", inEditor);
    const taskQuestions = apps.asked.length - taskAskedBefore;
    const editorTitle = editorId ? spawnSync("xdotool", ["getwindowname", String(editorId)], { encoding: "utf8" }).stdout.trim() : "";
    const editorText = atspiOracle("text", editorTitle);
    const editorSelection = atspiOracle("text", editorTitle, "selection");
    const TASK_TEXT = "Praefectus types at the caret. Nothing else is replaced. A third sentence ends it.";
    console.error(`# Mousepad task through MCP: ${taskCalls} tool calls, ${taskQuestions} confirmations`);
    check(`the Mousepad task through MCP in ${taskCalls} calls (≤ 12): launched, two sentences typed, a third appended, all selected, read back; pyatspi reads the same text and selection`, () => {
      assert.equal(editor.isError, false, JSON.stringify(editor.structuredContent));
      assert.equal(editor.structuredContent.window.app_id, "mousepad");
      for (const step of [typed, appended, selectedAll]) {
        assert.equal(step.isError, false, JSON.stringify(step.structuredContent));
        assert.equal(step.structuredContent.terminal.kind, "succeeded");
      }
      assert.equal(readBack.isError, false, JSON.stringify(readBack.structuredContent));
      assert.equal(readBack.structuredContent.text, TASK_TEXT);
      assert.equal(editorText.status, 0, `${editorTitle}: ${editorText.stderr}`);
      assert.equal(editorText.stdout.replace(/\n$/, ""), TASK_TEXT);
      assert.equal(editorSelection.stdout.trim(), `0 ${TASK_TEXT.length}`);
      assert.ok(taskCalls <= 12);
    });
    if (editorId) spawnSync("xdotool", ["windowkill", String(editorId)]);
    const notes = join(home, "praefectus-e2e-notes.txt");
    writeFileSync(notes, "Opened through MCP.\n");
    const opened = await apps.client.callTool({ name: "open", arguments: { target: notes } });
    openedWindow = opened.structuredContent?.window?.id;
    const openedTitle = openedWindow ? spawnSync("xdotool", ["getwindowname", openedWindow], { encoding: "utf8" }).stdout : "";
    check("open hands a text file to the configured handler: its Mousepad window shows the file", () => {
      assert.equal(opened.isError, false, JSON.stringify(opened.structuredContent));
      assert.equal(opened.structuredContent.window.app_id, "mousepad");
      assert.match(openedTitle, /praefectus-e2e-notes/);
      assert.match(apps.asked[apps.asked.length - 1], /praefectus-e2e-notes\.txt/);
    });
    // #35: desktop_focus's launch_if_needed, the typed service's launch-then-focus signed through this server
    const askedBeforeProbe = apps.asked.length;
    const notOpen = await apps.client.callTool({ name: "desktop_focus", arguments: { app: "launch-probe" } });
    const beforeProbe = probes();
    const withId = await apps.client.callTool({ name: "desktop_focus", arguments: { app: "launch-probe", launch_if_needed: true, operation_id: "e2e-launch-probe" } });
    const probeFocused = await apps.client.callTool({ name: "desktop_focus", arguments: { app: "launch-probe", launch_if_needed: true } });
    const afterProbe = probes();
    const askedForProbe = apps.asked.slice(askedBeforeProbe);
    const activeProbe = spawnSync("xdotool", ["getactivewindow", "getwindowname"], { encoding: "utf8" }).stdout.trim();
    const probeAgain = await apps.client.callTool({ name: "desktop_focus", arguments: { app: "launch-probe", launch_if_needed: true } });
    const afterAgain = probes();
    check("desktop_focus launch_if_needed: no window → window_not_found without it; with it the profile's application is launched once (asked, signed), its window focused as xdotool sees; again: nothing launched", () => {
      assert.equal(notOpen.isError, true, JSON.stringify(notOpen.structuredContent));
      assert.equal(notOpen.structuredContent.error.code, "window_not_found");
      assert.deepEqual(beforeProbe, [], "nothing launched without launch_if_needed, nor with an operation_id");
      assert.equal(withId.isError, true, JSON.stringify(withId.structuredContent));
      assert.notEqual(withId.structuredContent.error.code, "window_not_found");
      assert.equal(probeFocused.isError, false, JSON.stringify(probeFocused.structuredContent));
      assert.equal(probeFocused.structuredContent.focused, true, JSON.stringify(probeFocused.structuredContent));
      assert.equal(probeFocused.structuredContent.window.title, LAUNCH_TITLE);
      assert.equal(afterProbe.length, 1, `one window launched: ${afterProbe}`);
      assert.equal(activeProbe, LAUNCH_TITLE);
      assert.ok(askedForProbe.length >= 1 && askedForProbe.every((q) => /to bring an application's window to the front/.test(q)), JSON.stringify(askedForProbe));
      assert.match(askedForProbe[0], /launch-probe/);
      assert.equal(probeAgain.isError, false, JSON.stringify(probeAgain.structuredContent));
      assert.equal(probeAgain.structuredContent.focused, true);
      assert.deepEqual(afterAgain, afterProbe, "a window is open: nothing launched again");
    });
  } finally {
    for (const id of probes()) spawnSync("xdotool", ["windowkill", id]);
    await apps.client.close();
    if (openedWindow) spawnSync("xdotool", ["windowkill", openedWindow]);
    for (const id of factories().split(/\s+/).filter(Boolean)) spawnSync("xdotool", ["windowkill", id]);
  }

  // resources, templates, prompts, completion, logging
  const resources = (await client.listResources()).resources.map((r) => r.uri);
  const state = JSON.parse((await client.readResource({ uri: "praefectus://server/state" })).contents[0].text);
  check("resources: praefectus:// state, capabilities, surfaces, operations, plugins, docs; state names the profile", () => {
    for (const uri of ["praefectus://server/state", "praefectus://capabilities", "praefectus://surfaces",
      "praefectus://operations/recent", "praefectus://plugins", "praefectus://docs/tools", "praefectus://desktop-profiles",
      "praefectus://audit/recent"]) assert.ok(resources.includes(uri), uri);
    assert.equal(state.profile, "operator");
    assert.ok(state.tools.includes("act"));
  });
  const recentAudit = (await client.readResource({ uri: "praefectus://audit/recent" })).contents[0].text;
  const profileResource = JSON.parse((await client.readResource({ uri: "praefectus://desktop-profiles" })).contents[0].text);
  check("resources: the recent audit names an executed act by its hash, without its value; desktop-profiles lists the profiles", () => {
    const entries = JSON.parse(recentAudit).entries;
    assert.ok(entries.length > 0 && entries.length <= 100, recentAudit.slice(0, 300));
    assert.ok(entries.some((e) => e.tool === "act" && e.decision === "executed" && e.action_hash), recentAudit.slice(0, 2000));
    assert.ok(!recentAudit.includes("mcp verified value"), "the audit resource never carries a value");
    assert.ok(profileResource.profiles.some((p) => p.app === "zenity-entry"), JSON.stringify(profileResource).slice(0, 300));
  });
  const templates = (await client.listResourceTemplates()).resourceTemplates.map((t) => t.uriTemplate);
  const operation = JSON.parse((await client.readResource({ uri: "praefectus://operations/e2e-set-1" })).contents[0].text);
  check("resource template praefectus://operations/{operation_id} reads the operation's status", () => {
    assert.ok(templates.includes("praefectus://operations/{operation_id}"));
    assert.equal(operation.known, true, JSON.stringify(operation));
  });
  const prompts = (await client.listPrompts()).prompts.map((p) => p.name);
  const guide = await client.getPrompt({ name: "safe_desktop_action", arguments: { goal: "press OK" } });
  check("prompts: the six guides; safe_desktop_action carries the goal", () => {
    for (const name of ["safe_desktop_action", "inspect_window", "recover_from_error", "read_text_ocr",
      "plugin_development", "plan_semantic_click"]) assert.ok(prompts.includes(name), name);
    assert.match(guide.messages[0].content.text, /press OK/);
  });
  const codes = await client.complete({ ref: { type: "ref/prompt", name: "recover_from_error" }, argument: { name: "error_code", value: "confirmation_d" } });
  const titles = await client.complete({ ref: { type: "ref/prompt", name: "inspect_window" }, argument: { name: "window_title", value: "Praefectus" } });
  const plugin = await client.complete({ ref: { type: "ref/prompt", name: "plugin_development" }, argument: { name: "plugin_id", value: "org.praefectus.tests" } });
  check("completion: error codes, live window titles, plugin ids", () => {
    assert.deepEqual(codes.completion.values, ["confirmation_declined"]);
    assert.ok(titles.completion.values.includes("Praefectus MCP E2E"), JSON.stringify(titles));
    assert.ok(plugin.completion.values.includes("org.praefectus.tests.mcp-echo"), JSON.stringify(plugin));
  });
  const logs = [];
  client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => logs.push(n.params));
  // a call's log message travels before its answer on the one stdout stream: once the answer is here, so is it
  await client.callTool({ name: "status", arguments: { operation_id: "e2e-set-1" } });
  check("logging: a success sends no log message to a client that chose no level", () => {
    assert.equal(logs.length, 0, JSON.stringify(logs));
  });
  await client.setLoggingLevel("debug");
  await client.callTool({ name: "status", arguments: { operation_id: "e2e-set-1" } });
  check("logging: at level debug a success is logged (tool and code only)", () => {
    assert.equal(logs.length, 1, JSON.stringify(logs));
    assert.equal(logs[0].level, "debug");
    assert.equal(logs[0].data, "status: ok");
  });
  logs.length = 0;
  await client.setLoggingLevel("warning");
  await client.callTool({ name: "status", arguments: { operation_id: "e2e-set-1" } });
  await client.callTool({ name: "capture_screen", arguments: { surface: "not-a-surface" } });
  for (let i = 0; i < 40 && logs.length === 0; i++) await sleep(50);
  check("logging: at level warning a tool error is logged (code only), a success is not", () => {
    assert.equal(logs.length, 1, JSON.stringify(logs));
    assert.equal(logs[0].level, "warning");
    assert.match(logs[0].data, /capture_screen: unknown_surface/);
  });

  setAnswer("accept");
  const press = await client.callTool({ name: "act", arguments: { action: "invoke", tag: ok.tag } });
  check("invoke OK is accepted and executed", () => assert.notEqual(press.structuredContent.terminal, undefined));
  const code = await Promise.race([zenityExit, new Promise((r) => setTimeout(() => r("timeout"), 10000))]);
  check("zenity shows the set value, not the declined one (no effect)", () => {
    assert.equal(code, 0);
    assert.equal(zenityOut, "mcp verified value\n");
  });

  // issue 17 defect 2, last part: a cancel that comes while the dispatch is in flight. The button's handler
  // runs 3 s and GTK answers the invoke only after it; the client cancels once the handler has started. The
  // receipt says outcome_unknown (the effect may have happened, and it did), never a success nobody saw or a
  // failure; the server keeps serving, and the same operation id is a replay, not a second click.
  const SLOW = "Praefectus Slow Action";
  slowApp = spawn("/usr/bin/python3", [join(dirname(fileURLToPath(import.meta.url)), "fixtures/slow-button.py"), SLOW],
    { stdio: ["ignore", "pipe", "ignore"] });
  let slowOut = "";
  slowApp.stdout.on("data", (d) => { slowOut += d; });
  // the new window takes focus after it is first seen, and the change of its state bits can stale what was
  // resolved before: a stale_target refusal did nothing, so the click is tried again, at most three times, each
  // try its own operation id
  const slowFound = async () => {
    for (let i = 0; i < 40; i++) {
      const f = await client.callTool({ name: "find_elements", arguments: { selector: "role=push button,label=Slow action", window_title: SLOW } });
      if (!f.isError && f.structuredContent.count === 1) return true;
      await sleep(250);
    }
    return false;
  };
  const slowShown = await slowFound();
  check("find_elements finds the slow button", () => assert.equal(slowShown, true));
  for (let i = 0; i < 40; i++) {
    const active = spawnSync("xdotool", ["getactivewindow", "getwindowname"], { encoding: "utf8" }).stdout.trim();
    if (active === SLOW) break;
    await sleep(250);
  }
  setAnswer("accept");
  let inFlightCall, slowClick;
  for (let attempt = 1; attempt <= 3; attempt++) {
    const inFlight = new AbortController();
    let settled = false;
    const cancelWhenStarted = (async () => {
      for (let i = 0; i < 400 && !settled && !slowOut.includes("started"); i++) await sleep(25);
      if (!settled) inFlight.abort("cancelled while the action runs");
    })();
    slowClick = { selector: "role=push button,label=Slow action", window_title: SLOW, operation_id: `e2e-in-flight-${attempt}` };
    inFlightCall = await client.callTool({ name: "click", arguments: slowClick }, undefined, { signal: inFlight.signal })
      .then((r) => `answered ${JSON.stringify(r.structuredContent)}`, (e) => String(e));
    settled = true;
    await cancelWhenStarted;
    if (!inFlightCall.includes('"stale_target"')) break;
    await sleep(500);
  }
  let inFlightStatus;
  for (let i = 0; i < 200; i++) {
    inFlightStatus = (await client.callTool({ name: "status", arguments: { operation_id: slowClick.operation_id } })).structuredContent;
    if (inFlightStatus.acknowledgement?.state?.kind === "terminal") break;
    await sleep(50);
  }
  for (let i = 0; i < 100 && !slowOut.includes("done"); i++) await sleep(50);
  const inFlightPing = await client.ping().then(() => "pong", (e) => String(e));
  check("a call cancelled while its dispatch is in flight ends outcome_unknown, and the effect did happen", () => {
    assert.match(inFlightCall, /abort|cancel/i, inFlightCall);
    assert.equal(inFlightStatus.known, true, JSON.stringify(inFlightStatus));
    assert.equal(inFlightStatus.acknowledgement?.state?.terminal?.kind, "outcome_unknown", JSON.stringify(inFlightStatus));
    assert.ok(slowOut.includes("started") && slowOut.includes("done"), slowOut);
    assert.equal(inFlightPing, "pong");
  });
  const replayed = await client.callTool({ name: "click", arguments: slowClick });
  await sleep(500);
  check("the cancelled operation's id again is its recorded outcome, not a second click", () => {
    assert.equal(slowOut.match(/started/g).length, 1, slowOut);
    assert.equal(JSON.stringify(replayed.structuredContent).includes("outcome_unknown"), true, JSON.stringify(replayed.structuredContent));
  });
  slowApp.kill();

  // issue 17 defect 1, last part: the process ends when its stdin closes, even after a malformed line
  const lone = spawn("java", [`-Duser.home=${home}`, "-jar", jar, "mcp"], { cwd: home, stdio: ["pipe", "pipe", "ignore"] });
  lone.stdin.write(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-11-25",
    capabilities: {}, clientInfo: { name: "raw", version: "1" } } }) + "\nnot json\n");
  await new Promise((resolve) => lone.stdout.once("data", resolve));
  lone.stdin.end();
  const loneExit = await Promise.race([new Promise((resolve) => lone.on("exit", (code) => resolve(code))), sleep(30_000).then(() => "running")]);
  if (loneExit === "running") lone.kill("SIGKILL");
  check("the server process exits by itself when stdin closes", () => assert.equal(loneExit, 0));

  const audit = readFileSync(join(home, ".local/state/praefectus/mcp/audit.jsonl"), "utf8");
  check("the audit log records decisions without values", () => {
    assert.ok(audit.includes("confirmation_declined"));
    assert.ok(audit.includes("\"profile\""));
    assert.ok(!audit.includes("mcp verified value") && !audit.includes("declined value"));
  });
  check("the audit log records vision calls by lengths: no recognised text, paths or image bytes", () => {
    assert.ok(audit.includes("\"tool\":\"ocr\"") && audit.includes("text_length"));
    assert.ok(!/reads this label/i.test(audit) && !audit.includes(pngFile) && !audit.includes("iVBORw0KGgo"));
    assert.ok(!audit.includes(window.surface.id));
  });
} catch (e) {
  if (!(e instanceof CheckFailed)) {
    report.fail("the session runs to the end", String(e?.stack ?? e));
  }
  process.exitCode = 1;
} finally {
  await client?.close().catch(() => {});
  zenity.kill();
  slowApp?.kill();
  report.write();
  console.error(`stdio e2e: ${report.passed} passed, ${report.failed} failed`);
}
