// Start-up to the first outline in browser mode, side by side (#39): from spawning the server until the first answer
// that holds the page's outline, through the official TypeScript SDK over stdio. Praefectus: `mcp --browser
// --browser-url URL`, then `observe`; Playwright MCP (@playwright/mcp on Debian's Chromium): `browser_navigate` to
// the URL, whose answer holds its snapshot. Both open the same loopback login page; the sides alternate, ROUNDS rounds.
// Prints one JSON line per start: the tool, the time to `initialize` answered and to the outline, in ms.
//   node startup.mjs LAUNCHER PAGES_DIR [ROUNDS]   (LAUNCHER: run/target/praefectus, or a jar run with java -jar)
// BEFORE  another build's launcher (e.g. a copy of main's run/target/), a third side in every round ("before")
import http from "node:http";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";

const [launcher, pagesDir, roundsArg] = process.argv.slice(2);
const rounds = Number(roundsArg ?? 5);
const server = http.createServer((req, res) => {
  const file = path.join(pagesDir, "login.html");
  res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" }).end(fs.readFileSync(file));
});
await new Promise((r) => server.listen(0, "127.0.0.1", r));
const url = `http://127.0.0.1:${server.address().port}/login.html`;
const state = fs.mkdtempSync(path.join(os.tmpdir(), "mcp-browser-startup-"));

const before = process.env.BEFORE;

function transport(kind) {
  const env = { PATH: process.env.PATH, HOME: process.env.HOME, XDG_STATE_HOME: state };
  if (kind === "playwright") {
    return new StdioClientTransport({
      command: "node",
      args: [path.join(import.meta.dirname, "node_modules/@playwright/mcp/cli.js"), "--headless", "--isolated",
        "--no-sandbox", "--executable-path", "/usr/bin/chromium"],
      env, cwd: state, stderr: "ignore",
    });
  }
  const side = kind === "before" ? before : launcher;
  const jar = side.endsWith(".jar");
  return new StdioClientTransport({
    command: jar ? "java" : side,
    args: [...(jar ? ["-jar", side] : []), "mcp", "--browser", "--browser-url", url],
    env, cwd: state, stderr: "ignore",
  });
}

async function start(kind) {
  const started = performance.now();
  const client = new Client({ name: "mcp-browser-startup", version: "1.0.0" });
  await client.connect(transport(kind));
  const initialized = performance.now() - started;
  const answer = kind === "playwright"
    ? await client.callTool({ name: "browser_navigate", arguments: { url } })
    : await client.callTool({ name: "observe", arguments: {} });
  const outlined = performance.now() - started;
  const text = (answer.content ?? []).filter((c) => c.type === "text").map((c) => c.text).join("\n");
  await client.close();
  if (!/Sign in/.test(text)) throw new Error(`${kind}: the first answer holds no outline of the page: ${text.slice(0, 300)}`);
  return { tool: kind, initialize_ms: Math.round(initialized), first_outline_ms: Math.round(outlined) };
}

for (let round = 0; round < rounds; round++) {
  const sides = before ? ["praefectus", "before", "playwright"] : ["praefectus", "playwright"];
  const order = sides.map((_, i) => sides[(i + round) % sides.length]);
  for (const kind of order) console.log(JSON.stringify({ round, ...(await start(kind)) }));
}
server.close();
fs.rmSync(state, { recursive: true, force: true });
