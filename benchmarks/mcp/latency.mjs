// MCP speed as the issue measures it: time from spawn to the first initialize answer (stdio; `java -jar` and the
// build's launcher run/target/praefectus when it is beside the jar), and the
// tools/call round trip of `capabilities` over stdio and over Streamable HTTP (the official TypeScript SDK
// client; CALLS calls each after WARMUP). Prints one JSON line per measurement.
// With SERVER=launcher the round trips run against the build's launcher beside the jar (C1 only, SerialGC, the
// class-data archive: what README gives MCP clients) instead of `java -jar`.
//   [SERVER=launcher] node benchmarks/mcp/latency.mjs JAR [CALLS] [WARMUP]   (npm ci in tests/mcp-client first)
import { createRequire } from "node:module";
import { spawn } from "node:child_process";
import { mkdtempSync, chmodSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const require = createRequire(join(root, "tests/mcp-client/package.json"));
const { Client } = require("@modelcontextprotocol/sdk/client/index.js");
const { StdioClientTransport } = require("@modelcontextprotocol/sdk/client/stdio.js");
const { StreamableHTTPClientTransport } = require("@modelcontextprotocol/sdk/client/streamableHttp.js");

const [jar, callsText, warmupText] = process.argv.slice(2);
const calls = Number(callsText ?? 500);
const warmup = Number(warmupText ?? 100);
const home = mkdtempSync(join(tmpdir(), "praefectus-mcp-latency-"));
chmodSync(home, 0o700);
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];

async function timed(label, call) {
  for (let i = 0; i < warmup; i++) await call();
  const ms = [];
  for (let i = 0; i < calls; i++) {
    const start = process.hrtime.bigint();
    await call();
    ms.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  ms.sort((a, b) => a - b);
  console.log(JSON.stringify({ measure: label, calls, p50_ms: +percentile(ms, 0.5).toFixed(3),
    p95_ms: +percentile(ms, 0.95).toFixed(3) }));
}

// tools/call capabilities, and ping beside it: the transport's floor (SDK, framing, JSON) without a tool
async function roundTrips(client, label) {
  await timed(`tools/call capabilities, ${label}`, () => client.callTool({ name: "capabilities", arguments: {} }));
  await timed(`ping, ${label}`, () => client.ping());
}

// first initialize after spawn: the raw child, so nothing but the JVM and the server is timed; `java -jar` and the
// build's launcher beside the jar (C1 only, SerialGC, the trained class-data archive) when it is there
const launchers = [["java -jar", "java", ["-jar", jar]]];
const launcher = join(dirname(resolve(jar)), "praefectus");
if (existsSync(launcher)) launchers.push(["run/target/praefectus", launcher, []]);
for (const [label, command, prefix] of launchers) {
  for (let run = 0; run < 3; run++) {
    const start = process.hrtime.bigint();
    // the launcher takes no JVM option: user.home reaches it through JAVA_TOOL_OPTIONS (its notice goes to stderr)
    const child = spawn(command, [...prefix, "mcp"], { stdio: ["pipe", "pipe", "ignore"], cwd: home,
      env: { ...process.env, JAVA_TOOL_OPTIONS: `-Duser.home=${home}` } });
    child.stdin.write(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-11-25",
      capabilities: {}, clientInfo: { name: "latency", version: "1" } } }) + "\n");
    await new Promise((resolve) => child.stdout.once("data", resolve));
    console.log(JSON.stringify({ measure: `first initialize answered after spawn (stdio, ${label})`, run,
      ms: +(Number(process.hrtime.bigint() - start) / 1e6).toFixed(0) }));
    child.stdin.end();
    await new Promise((resolve) => child.on("exit", resolve));
  }
}

const stdio = new Client({ name: "latency", version: "1" }, { capabilities: {} });
// the launcher takes no JVM option: user.home reaches it through JAVA_TOOL_OPTIONS
const viaLauncher = process.env.SERVER === "launcher";
const serve = (args) => viaLauncher
  ? { command: launcher, args, env: { ...process.env, JAVA_TOOL_OPTIONS: `-Duser.home=${home}` } }
  : { command: "java", args: [`-Duser.home=${home}`, "-jar", jar, ...args], env: { ...process.env } };
const stdioServer = serve(["mcp"]);
await stdio.connect(new StdioClientTransport({ command: stdioServer.command, args: stdioServer.args, cwd: home,
  env: stdioServer.env, stderr: "ignore" }));
await roundTrips(stdio, viaLauncher ? "stdio, launcher" : "stdio");
await stdio.close();

const port = 18000 + Math.floor(Math.random() * 2000);
const httpServer = serve(["mcp", "--http", "--port", String(port)]);
const server = spawn(httpServer.command, httpServer.args, { stdio: ["ignore", "pipe", "ignore"], cwd: home,
  env: httpServer.env });
await new Promise((resolve) => server.stdout.once("data", resolve));
const http = new Client({ name: "latency", version: "1" }, { capabilities: {} });
await http.connect(new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${port}/mcp`)));
await roundTrips(http, viaLauncher ? "Streamable HTTP, launcher" : "Streamable HTTP");
await http.close();
server.kill("SIGTERM");
