// A real MCP client (the official TypeScript SDK) against `java -jar praefectus.jar mcp` over stdio, on the
// test desktop: initialize, tools/list, observe a real GTK entry (zenity), set_value with a verified receipt,
// an identical call that replays, a declined confirmation with no effect, and profile observe refusing act;
// capture_screen of the zenity window (its surface), OCR of its label, UI elements, compare_images and
// detect_ui_state on real captures, and an audit log without recognised text or image bytes.
// Run: scripts/test-mcp-stdio (starts the desktop). Exits non-zero on the first failed check.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { ElicitRequestSchema, LoggingMessageNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { spawn } from "node:child_process";
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
async function connect(profile, { emptyEnvironment = false } = {}) {
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
    : new StdioClientTransport({ command: "java", args, cwd: home, env: { ...process.env, ...pluginEnvironment }, stderr: process.env.MCP_E2E_STDERR ? "inherit" : "ignore" });
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

const LABEL = "Praefectus reads this label";
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
    for (const name of ["capabilities", "surfaces", "observe", "act", "status", "capture_screen", "ocr",
      "compare_images", "detect_ui_state", "detect_ui_elements"]) assert.ok(tools.includes(name), name);
  });

  const listed = (await client.listTools()).tools;
  check("every tool has a title and all four annotation hints", () => {
    for (const t of listed) {
      assert.ok(t.title, t.name);
      for (const hint of ["readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint"]) {
        assert.equal(typeof t.annotations?.[hint], "boolean", `${t.name}.${hint}`);
      }
    }
    assert.equal(listed.find((t) => t.name === "act").annotations.readOnlyHint, false);
    assert.equal(listed.find((t) => t.name === "observe").annotations.readOnlyHint, true);
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
    let blindEntry;
    for (let i = 0; i < 40 && !blindEntry; i++) {
      const seen = await blind.client.callTool({ name: "observe", arguments: { max_elements: 4096, max_bytes: 2097152 } });
      if (!seen.isError) blindEntry = seen.structuredContent.elements.find((e) => e.role === "text" && e.actionability?.editable);
      if (!blindEntry) await sleep(250);
    }
    check("with an empty environment and cwd /tmp, observe sees the zenity entry", () => assert.ok(blindEntry));
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
    const observed = await observer.client.callTool({ name: "detect_ui_state", arguments: { images: [{ path: pngFile }, { path: pngFile }] } });
    check("profile observe allows the vision tools (observe-class)", () => {
      assert.equal(observed.isError, false, JSON.stringify(observed.structuredContent));
      assert.equal(observed.structuredContent.state, "stable");
    });
  } finally {
    await observer.client.close();
  }

  // resources, templates, prompts, completion, logging
  const resources = (await client.listResources()).resources.map((r) => r.uri);
  const state = JSON.parse((await client.readResource({ uri: "praefectus://server/state" })).contents[0].text);
  check("resources: praefectus:// state, capabilities, surfaces, operations, plugins, docs; state names the profile", () => {
    for (const uri of ["praefectus://server/state", "praefectus://capabilities", "praefectus://surfaces",
      "praefectus://operations/recent", "praefectus://plugins", "praefectus://docs/tools"]) assert.ok(resources.includes(uri), uri);
    assert.equal(state.profile, "operator");
    assert.ok(state.tools.includes("act"));
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
  report.write();
  console.error(`stdio e2e: ${report.passed} passed, ${report.failed} failed`);
}
