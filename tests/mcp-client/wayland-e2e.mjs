// #36's Wayland acceptance through MCP: a real MCP client (the official TypeScript SDK) against
// `java -jar praefectus.jar mcp --profile operator` over stdio, inside the Wayland test desktop (headless gnome-shell,
// scripts/test-wayland-desktop) with input allowed, on zenity's entry dialog — a window, not the whole screen. Element
// bounds there are relative to the window's own surface, not screen points, so pointer input at an element is refused
// with that reason before any question is asked, while the semantic actions an agent needs work: set_value, typing at
// the caret through EditableText, read_text, invoke. The independent oracle is zenity itself, which prints the entry's
// text when OK is invoked.
// Run: scripts/test-mcp-wayland (starts the Wayland desktop). Exits non-zero on the first failed check.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { spawn } from "node:child_process";
import { mkdtempSync, chmodSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import assert from "node:assert/strict";
import { JUnitReport } from "./junit.mjs";

const jar = process.env.PRAEFECTUS_JAR;
assert.ok(jar, "PRAEFECTUS_JAR names run/target/praefectus.jar");
const report = new JUnitReport("org.praefectus.mcp.WaylandE2E", process.env.MCP_E2E_REPORT
  ?? join(dirname(fileURLToPath(import.meta.url)), "target/surefire-reports/TEST-org.praefectus.mcp.WaylandE2E.xml"));
class CheckFailed extends Error {}
const check = (name, fn) => {
  if (!report.checkSync(name, fn)) throw new CheckFailed(`${name} failed`);
};
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const TITLE = "Praefectus MCP Wayland";
const home = mkdtempSync(join(tmpdir(), "praefectus-mcp-wayland-"));
chmodSync(home, 0o700);
const zenity = spawn("zenity", ["--entry", "--title", TITLE, "--text", "Name"], { stdio: ["ignore", "pipe", "ignore"] });
let printed = "";
zenity.stdout.on("data", (d) => { printed += d; });
const zenityExit = new Promise((resolve) => zenity.on("exit", resolve));

let client;
try {
  if (process.env.XDG_SESSION_TYPE !== "wayland" || !process.env.WAYLAND_DISPLAY || process.env.DISPLAY) {
    throw new Error("this client needs the Wayland test desktop: run it through scripts/test-mcp-wayland");
  }
  const asked = [];
  client = new Client({ name: "praefectus-wayland-e2e", version: "1.0.0" }, { capabilities: { elicitation: {} } });
  client.setRequestHandler(ElicitRequestSchema, async (request) => {
    asked.push(request.params.message);
    return { action: "accept", content: { confirm: true } };
  });
  await client.connect(new StdioClientTransport({
    command: "java",
    args: [`-Duser.home=${home}`, "-jar", jar, "mcp", "--profile", "operator"],
    cwd: home,
    env: { ...process.env, PRAEFECTUS_ALLOW_GLOBAL_INPUT: "1" },
    stderr: process.env.MCP_E2E_STDERR ? "inherit" : "ignore",
  }));

  const capabilities = (await client.callTool({ name: "capabilities", arguments: {} })).structuredContent.capabilities;
  check("capabilities: a Wayland desktop with input allowed whose element bounds are not screen points", () => {
    const permissions = JSON.stringify(capabilities.permissions);
    assert.equal(capabilities.permissions.wayland, true, permissions);
    assert.equal(capabilities.permissions.x11, false, permissions);
    assert.equal(capabilities.permissions.global_input, true, permissions);
    assert.equal(capabilities.permissions.element_screen_bounds, false, permissions);
  });

  // gnome-shell activates no window of its own accord here: observe without a surface says what to do instead
  const active = await client.callTool({ name: "observe", arguments: {} });
  check("observe of the active window either works or tells the agent to name a surface", () => {
    if (active.isError) assert.match(active.structuredContent.error.next_action, /surfaces/, JSON.stringify(active.structuredContent));
  });
  let surface, entry, ok;
  for (let i = 0; i < 60 && !(entry && ok); i++) {
    const surfaces = (await client.callTool({ name: "surfaces", arguments: {} })).structuredContent.surfaces;
    surface = surfaces.find((s) => s.process_id === zenity.pid);
    if (surface) {
      const observed = await client.callTool({ name: "observe", arguments: { surface: surface.surface.id, max_elements: 4096, max_bytes: 2097152 } });
      if (!observed.isError) {
        entry = observed.structuredContent.elements.find((e) => e.role === "text" && e.actionability?.editable);
        ok = observed.structuredContent.elements.find((e) => e.role === "push button" && e.name === "OK");
      }
    }
    if (!(entry && ok)) await sleep(500);
  }
  check("observe of zenity's surface finds its entry and OK, in a window smaller than the screen", () => {
    assert.ok(entry && ok, "entry and OK observed");
    assert.ok(surface.bounds.width < 1280 && surface.bounds.height < 800, JSON.stringify(surface.bounds));
  });

  const scope = { window_title: TITLE };
  const click = await client.callTool({ name: "click", arguments: { selector: "role=text", ...scope } });
  const doubleClick = await client.callTool({ name: "click", arguments: { selector: "role=push button,label=OK", ...scope, count: 2 } });
  check("pointer input at an element is refused with its reason, before any question, with no effect", () => {
    for (const refused of [click, doubleClick]) {
      assert.equal(refused.isError, true, JSON.stringify(refused.structuredContent));
      assert.notEqual(refused.structuredContent.error.code, "input_not_allowed", "input is allowed: the reason is the coordinates");
      assert.match(JSON.stringify(refused.structuredContent.error), /screen|bounds|wayland/i, JSON.stringify(refused.structuredContent));
    }
    assert.equal(asked.length, 0, "nothing was asked");
    assert.equal(zenity.exitCode, null, "zenity is still open: OK was not clicked");
  });

  const set = await client.callTool({ name: "act", arguments: { action: "set_value", tag: entry.tag, value: "Ada" } });
  check("set_value on the entry succeeds verified after one question", () => {
    assert.equal(set.isError, false, JSON.stringify(set.structuredContent));
    assert.equal(set.structuredContent.terminal.kind, "succeeded");
    assert.equal(set.structuredContent.verified, true);
    assert.equal(asked.length, 1);
  });

  const typed = await client.callTool({ name: "type_text", arguments: { selector: "role=text", ...scope, text: " Lovelace" } });
  check("type_text at the entry inserts at the caret through EditableText (no pointer, no keys)", () => {
    assert.equal(typed.isError, false, JSON.stringify(typed.structuredContent));
    assert.equal(typed.structuredContent.terminal.kind, "succeeded");
  });

  const read = await client.callTool({ name: "read_text", arguments: { selector: "role=text", ...scope } });
  check("read_text reads back what was set and typed", () => {
    assert.equal(read.isError, false, JSON.stringify(read.structuredContent));
    assert.equal(read.structuredContent.text, "Ada Lovelace");
  });

  const refreshed = await client.callTool({ name: "observe", arguments: { surface: surface.surface.id, max_elements: 4096, max_bytes: 2097152 } });
  const freshOk = refreshed.structuredContent.elements?.find((e) => e.role === "push button" && e.name === "OK");
  const invoked = await client.callTool({ name: "act", arguments: { action: "invoke", tag: freshOk?.tag ?? ok.tag } });
  const exit = await Promise.race([zenityExit, sleep(20_000).then(() => "running")]);
  check("invoke of OK closes the dialog, and zenity prints the text the agent wrote", () => {
    assert.equal(invoked.isError, false, JSON.stringify(invoked.structuredContent));
    assert.equal(invoked.structuredContent.terminal.kind, "succeeded");
    assert.equal(exit, 0);
    assert.equal(printed, "Ada Lovelace\n");
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
  console.error(`wayland e2e: ${report.passed} passed, ${report.failed} failed`);
}
