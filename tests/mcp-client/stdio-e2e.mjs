// A real MCP client (the official TypeScript SDK) against `java -jar praefectus.jar mcp` over stdio, on the
// test desktop: initialize, tools/list, observe a real GTK entry (zenity), set_value with a verified receipt,
// an identical call that replays, a declined confirmation with no effect, and profile observe refusing act.
// Run: scripts/test-mcp-stdio (starts the desktop). Exits non-zero on the first failed check.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { spawn } from "node:child_process";
import { mkdtempSync, chmodSync, readFileSync } from "node:fs";
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

async function connect(profile) {
  let answer = "accept";
  const asked = [];
  const client = new Client({ name: "praefectus-e2e", version: "1.0.0" }, { capabilities: { elicitation: {} } });
  client.setRequestHandler(ElicitRequestSchema, async (request) => {
    asked.push(request.params.message);
    return answer === "accept" ? { action: "accept", content: { confirm: true } } : { action: "decline" };
  });
  const args = [`-Duser.home=${home}`, "-jar", jar, "mcp", ...(profile ? ["--profile", profile] : [])];
  const transport = new StdioClientTransport({ command: "java", args, cwd: home, env: { ...process.env }, stderr: process.env.MCP_E2E_STDERR ? "inherit" : "ignore" });
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
  return { client, asked, setAnswer: (a) => { answer = a; }, protocolVersion: () => negotiated };
}

const zenity = spawn("zenity", ["--entry", "--title", "Praefectus MCP E2E", "--text", "value"], { stdio: ["ignore", "pipe", "ignore"] });
let zenityOut = "";
zenity.stdout.on("data", (d) => { zenityOut += d; });
const zenityExit = new Promise((resolve) => zenity.on("exit", resolve));

let client, asked, setAnswer, protocolVersion;
try {
  ({ client, asked, setAnswer, protocolVersion } = await connect("operator"));
  check("initialize: the server is praefectus", () => assert.equal(client.getServerVersion().name, "praefectus"));
  check("initialize negotiates protocol version 2025-11-25", () => assert.equal(protocolVersion(), "2025-11-25"));
  const tools = (await client.listTools()).tools.map((t) => t.name);
  check("tools/list has the host's tools", () => {
    for (const name of ["capabilities", "surfaces", "observe", "act", "status", "capture_screen"]) assert.ok(tools.includes(name), name);
  });

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

  const observer = await connect("observe");
  try {
    await observer.client.callTool({ name: "observe", arguments: {} });
    const refused = await observer.client.callTool({ name: "act", arguments: { action: "invoke", tag: ok.tag } });
    check("profile observe refuses act", () => {
      assert.equal(refused.isError, true);
      assert.equal(refused.structuredContent.error.code, "capability_denied");
      assert.equal(observer.asked.length, 0);
    });
  } finally {
    await observer.client.close();
  }

  setAnswer("accept");
  const press = await client.callTool({ name: "act", arguments: { action: "invoke", tag: ok.tag } });
  check("invoke OK is accepted and executed", () => assert.notEqual(press.structuredContent.terminal, undefined));
  const code = await Promise.race([zenityExit, new Promise((r) => setTimeout(() => r("timeout"), 10000))]);
  check("zenity shows the set value, not the declined one (no effect)", () => {
    assert.equal(code, 0);
    assert.equal(zenityOut, "mcp verified value\n");
  });

  const audit = readFileSync(join(home, ".local/state/praefectus/mcp/audit.jsonl"), "utf8");
  check("the audit log records decisions without values", () => {
    assert.ok(audit.includes("confirmation_declined"));
    assert.ok(audit.includes("\"profile\""));
    assert.ok(!audit.includes("mcp verified value") && !audit.includes("declined value"));
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
