// MCP tools/call round trip for `observe` over stdio (the official TypeScript SDK client, a real child
// `praefectus.jar mcp`) against the same observation called in-process (DirectObserve, its own JVM), both
// of the active window of the same desktop. Interleaved: each pair is one MCP call then one direct call, so
// load changes hit both; reports median and p95 of each and the median of the per-pair ratios.
//   node observe-bench.mjs JAR DIRECT_CLASSPATH PAIRS WARMUP
import { createRequire } from "node:module";
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const require = createRequire(join(root, "tests/mcp-client/package.json"));
const { Client } = require("@modelcontextprotocol/sdk/client/index.js");
const { StdioClientTransport } = require("@modelcontextprotocol/sdk/client/stdio.js");

const [jar, directClasspath, pairsText, warmupText] = process.argv.slice(2);
const pairs = Number(pairsText ?? 200);
const warmup = Number(warmupText ?? 40);
const home = mkdtempSync(join(tmpdir(), "praefectus-mcp-bench-"));
const pin = ["-c", "0"];

const client = new Client({ name: "praefectus-bench", version: "1.0.0" }, { capabilities: {} });
await client.connect(new StdioClientTransport({ command: "taskset",
  args: [...pin, "java", "-XX:+UseSerialGC", `-Duser.home=${home}`, "-jar", jar, "mcp", "--profile", "observe"],
  cwd: home, env: { ...process.env }, stderr: "ignore" }));  // the SDK passes only a few variables by default: no DISPLAY

const direct = spawn("taskset", [...pin, "java", "-XX:+UseSerialGC", "-cp", directClasspath, "org.praefectus.mcp.bench.DirectObserve"],
  { stdio: ["pipe", "pipe", "inherit"] });
const lines = createInterface({ input: direct.stdout })[Symbol.asyncIterator]();
if ((await lines.next()).value !== "ready") throw new Error("DirectObserve did not start");
async function observeDirect() {
  direct.stdin.write("observe\n");
  const [elements, ms] = (await lines.next()).value.split(" ").map(Number);
  return { elements, ms };
}
async function observeMcp() {
  const start = process.hrtime.bigint();
  const result = await client.callTool({ name: "observe", arguments: { max_elements: 4096, max_bytes: 2097152 } });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (result.isError) throw new Error(`observe failed: ${JSON.stringify(result.structuredContent)}`);
  return { elements: result.structuredContent.returned_elements, ms };
}

// the server's executor comes up after the MCP session does: wait for the first good observation
for (let attempt = 0; ; attempt++) {
  try {
    await observeMcp();
    break;
  } catch (e) {
    if (attempt >= 120) throw e;
    await new Promise((r) => setTimeout(r, 250));
  }
}
for (let i = 0; i < warmup; i++) {
  await observeMcp();
  await observeDirect();
}
const mcp = [], inProcess = [], ratios = [];
let elements = { mcp: 0, direct: 0 };
for (let i = 0; i < pairs; i++) {
  const a = await observeMcp();
  const b = await observeDirect();
  mcp.push(a.ms);
  inProcess.push(b.ms);
  ratios.push(a.ms / b.ms);
  elements = { mcp: a.elements, direct: b.elements };
}
const quantile = (values, q) => {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
};
const median = (values) => {
  const sorted = [...values].sort((x, y) => x - y);
  const m = sorted.length >> 1;
  return sorted.length % 2 ? sorted[m] : (sorted[m - 1] + sorted[m]) / 2;
};
const f = (x) => x.toFixed(2);
console.log(`pairs=${pairs} warmup=${warmup} elements mcp=${elements.mcp} direct=${elements.direct}`);
console.log(`mcp_stdio_observe median_ms=${f(median(mcp))} p95_ms=${f(quantile(mcp, 0.95))} min_ms=${f(Math.min(...mcp))}`);
console.log(`direct_observe    median_ms=${f(median(inProcess))} p95_ms=${f(quantile(inProcess, 0.95))} min_ms=${f(Math.min(...inProcess))}`);
console.log(`median_pair_ratio=${f(median(ratios))} median_pair_overhead_ms=${f(median(mcp.map((m, i) => m - inProcess[i])))}`);
await client.close();
direct.stdin.end();

