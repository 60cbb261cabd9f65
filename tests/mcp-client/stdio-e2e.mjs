// A real MCP client (the official TypeScript SDK) against `java -jar praefectus.jar mcp` over stdio, on the
// test desktop: initialize, tools/list, observe a real GTK entry (zenity), set_value with a verified receipt,
// an identical call that replays, a declined confirmation with no effect, and profile observe refusing act.
// Run: scripts/test-mcp-stdio (starts the desktop). Exits non-zero on the first failed check.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { spawn } from "node:child_process";
import { mkdtempSync, chmodSync, readFileSync, mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import assert from "node:assert/strict";

const jar = process.env.PRAEFECTUS_JAR;
assert.ok(jar, "PRAEFECTUS_JAR names run/target/praefectus.jar");
const home = mkdtempSync(join(tmpdir(), "praefectus-mcp-e2e-"));
chmodSync(home, 0o700);
let passed = 0;
// One JUnit testcase per check, so scripts/test-summary counts this client with the Maven reports. A failed
// check, or an error before any check (the server did not start, the client could not connect), is a failure.
const report = process.env.MCP_E2E_REPORT
  ?? join(dirname(fileURLToPath(import.meta.url)), "target/surefire-reports/TEST-org.praefectus.mcp.StdioE2E.xml");
const cases = [];
let started = Date.now();
const xml = (text) => String(text).replace(/[<>&"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;" })[c]);
function writeReport() {
  const failures = cases.filter((c) => c.failure).length;
  const body = cases.map((c) => `  <testcase classname="org.praefectus.mcp.StdioE2E" name="${xml(c.name)}" time="${c.seconds}">`
    + (c.failure ? `<failure message="${xml(c.failure)}"/>` : "") + "</testcase>").join("\n");
  mkdirSync(dirname(report), { recursive: true });
  writeFileSync(report, `<?xml version="1.0" encoding="UTF-8"?>\n<testsuite name="org.praefectus.mcp.StdioE2E" `
    + `tests="${cases.length}" failures="${failures}" errors="0" skipped="0">\n${body}\n</testsuite>\n`);
}
class CheckFailed extends Error {}
const check = (name, fn) => {
  const seconds = ((Date.now() - started) / 1000).toFixed(3);
  started = Date.now();
  try {
    fn();
  } catch (e) {
    cases.push({ name, seconds, failure: e.message.slice(0, 2000) });
    throw new CheckFailed(`not ok ${passed + 1} - ${name}: ${e.message}`);
  }
  cases.push({ name, seconds });
  passed++;
  console.error(`ok ${passed} - ${name}`);
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
  await client.connect(transport);
  return { client, asked, setAnswer: (a) => { answer = a; } };
}

const zenity = spawn("zenity", ["--entry", "--title", "Praefectus MCP E2E", "--text", "value"], { stdio: ["ignore", "pipe", "ignore"] });
let zenityOut = "";
zenity.stdout.on("data", (d) => { zenityOut += d; });
const zenityExit = new Promise((resolve) => zenity.on("exit", resolve));

let client, asked, setAnswer;
try {
  ({ client, asked, setAnswer } = await connect("operator"));
  check("initialize: the server is praefectus", () => assert.equal(client.getServerVersion().name, "praefectus"));
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
    cases.push({ name: "the session runs to the end", seconds: "0", failure: String(e?.stack ?? e).slice(0, 2000) });
  }
  console.error(e instanceof CheckFailed ? e.message : e);
  process.exitCode = 1;
} finally {
  await client?.close().catch(() => {});
  zenity.kill();
  writeReport();
  console.error(`stdio e2e: ${passed} passed, ${cases.length - passed} failed`);
}
