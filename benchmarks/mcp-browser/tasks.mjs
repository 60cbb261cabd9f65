// Scripted agent sessions in browser mode, side by side: the same six tasks on the same loopback pages, once through
// `praefectus.jar mcp --browser` and once through Playwright MCP (@playwright/mcp pointed at Debian's Chromium), both
// driven by the official TypeScript SDK over stdio. Each "agent" reads the tool answers the way a model would (the
// outline's tags or the snapshot's refs, found by the element's role and name) and calls the next tool; a task is done
// only when the page server records its effect. Prints one JSON line per task and tool: calls, wall time, done.
//   node tasks.mjs JAR PAGES_DIR [ROUNDS]     (JAR: run/target/praefectus.jar; PAGES_DIR: the test pages)
import http from "node:http";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";

const [jar, pagesDir, roundsArg] = process.argv.slice(2);
const rounds = Number(roundsArg ?? 1);
const records = [];
let gateOpen = false;

const server = http.createServer((req, res) => {
  const url = new URL(req.url, "http://127.0.0.1");
  if (url.pathname === "/record") {
    records.push(url.search.slice(1));
    if (url.search === "?load=report") setTimeout(() => (gateOpen = true), 1500);
    res.writeHead(204).end();
  } else if (url.pathname === "/gate") {
    res.writeHead(gateOpen ? 200 : 204).end();
  } else if (url.pathname === "/upload") {
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      records.push(url.search.slice(1) + ":" + Buffer.concat(chunks).toString());
      res.writeHead(204).end();
    });
  } else {
    const name = url.pathname.slice(1);
    const file = path.join(pagesDir, name);
    if (name.includes("/") || !fs.existsSync(file)) return res.writeHead(404).end();
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" }).end(fs.readFileSync(file));
  }
});
await new Promise((r) => server.listen(0, "127.0.0.1", r));
const base = `http://127.0.0.1:${server.address().port}/`;

const uploads = fs.mkdtempSync(path.join(os.tmpdir(), "mcp-browser-uploads-"));
fs.writeFileSync(path.join(uploads, "report.txt"), "quarterly numbers: 42");
const state = fs.mkdtempSync(path.join(os.tmpdir(), "mcp-browser-state-"));
fs.copyFileSync(path.join(uploads, "report.txt"), path.join(state, "report.txt"));

async function until(check, what, ms = 30000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("not recorded: " + what);
}

/** One client session: the tool's own launch, a counter of tool calls, and every confirmation accepted. */
async function session(kind, page) {
  const transport =
    kind === "praefectus"
      ? new StdioClientTransport({
          command: "java",
          args: ["-jar", jar, "mcp", "--browser", "--profile", "operator", "--browser-url", base + page,
            "--upload-dir", uploads],
          env: { PATH: process.env.PATH, HOME: process.env.HOME, XDG_STATE_HOME: state },
          stderr: "ignore",
        })
      : new StdioClientTransport({
          command: "node",
          args: [path.join(import.meta.dirname, "node_modules/@playwright/mcp/cli.js"), "--headless", "--isolated",
            "--no-sandbox", "--executable-path", "/usr/bin/chromium"],
          env: { PATH: process.env.PATH, HOME: process.env.HOME },
          cwd: state,
          stderr: "ignore",
        });
  const client = new Client({ name: "mcp-browser-tasks", version: "1.0.0" }, { capabilities: { elicitation: {} } });
  client.setRequestHandler(ElicitRequestSchema, async () => ({ action: "accept", content: { confirm: true } }));
  await client.connect(transport);
  let calls = 0;
  const call = async (name, args = {}) => {
    calls++;
    const result = await client.callTool({ name, arguments: args }, undefined, { timeout: 240000 });
    const text = (result.content ?? []).filter((c) => c.type === "text").map((c) => c.text).join("\n");
    if (process.env.DEBUG) console.error(`> ${name} ${JSON.stringify(args)}\n${text.slice(0, 1500)}\n`);
    return { result, text };
  };
  return { client, call, calls: () => calls };
}

/** The tag (Praefectus) or ref (Playwright) of the element with this role and name in an answer's text. */
function handle(text, role, name) {
  const quoted = name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const ours = new RegExp(`- ${role} "${quoted}" \\[(e\\d+)\\]`).exec(text);
  if (ours) return ours[1];
  const theirs = new RegExp(`${role} "${quoted}"[^\\n]*\\[ref=([a-z0-9]+)\\]`).exec(text);
  if (theirs) return theirs[1];
  return null;
}

/** Observes (Praefectus) until the element is shown: the page may still be loading. */
async function observeUntil(s, role, name) {
  for (;;) {
    const { text } = await s.call("observe");
    const tag = handle(text, role, name);
    if (tag) return tag;
    await new Promise((r) => setTimeout(r, 200));
  }
}

const ours = {
  async confirm(s) {
    await s.call("act", { action: "invoke", tag: await observeUntil(s, "button", "Delete") });
    await s.call("act", { action: "handle_dialog", accept: true });
    await until(() => records.includes("deleted=q3"), "deleted=q3");
  },
  async prompt(s) {
    await s.call("act", { action: "invoke", tag: await observeUntil(s, "button", "Copy") });
    await s.call("act", { action: "handle_dialog", accept: true, prompt_text: "Q3 final" });
    await until(() => records.includes("copy=Q3%20final"), "copy");
  },
  async upload(s) {
    const { text } = await s.call("observe");
    await s.call("act", { action: "upload", tag: handle(text, "button", "Report"), files: ["report.txt"] });
    await s.call("act", { action: "invoke", tag: handle(text, "button", "Send") });
    await until(() => records.includes("name=report.txt:quarterly numbers: 42"), "upload");
  },
  async table(s) {
    for (;;) {
      const { text } = await s.call("find", { role: "button", name: "Edit 1742" });
      const tag = handle(text, "button", "Edit 1742");
      if (tag) {
        await s.call("act", { action: "invoke", tag });
        break;
      }
    }
    await until(() => records.includes("edit=1742"), "edit=1742");
  },
  async srcdoc(s) {
    await s.call("act", { action: "invoke", tag: await observeUntil(s, "button", "Pay now") });
    await until(() => records.includes("paid=4242"), "paid");
  },
  async wait(s) {
    await s.call("act", { action: "invoke", tag: await observeUntil(s, "button", "Load report") });
    const { text } = await s.call("wait_for", { role: "button", name: "Download report", timeout_ms: 60000 });
    await s.call("act", { action: "invoke", tag: handle(text, "button", "Download report") });
    await until(() => records.includes("download=report"), "download");
  },
};

const theirs = {
  async open(s, page, role, name) {
    const { text } = await s.call("browser_navigate", { url: base + page });
    return handle(text, role, name) ?? handle((await s.call("browser_snapshot")).text, role, name);
  },
  async confirm(s) {
    const ref = await theirs.open(s, "documents.html", "button", "Delete");
    await s.call("browser_click", { element: "Delete button", target: ref });
    await s.call("browser_handle_dialog", { accept: true });
    await until(() => records.includes("deleted=q3"), "deleted=q3");
  },
  async prompt(s) {
    const ref = await theirs.open(s, "documents.html", "button", "Copy");
    await s.call("browser_click", { element: "Copy button", target: ref });
    await s.call("browser_handle_dialog", { accept: true, promptText: "Q3 final" });
    await until(() => records.includes("copy=Q3%20final"), "copy");
  },
  async upload(s) {
    // Playwright MCP takes files from its workspace roots (its working directory) only
    let { text } = await s.call("browser_navigate", { url: base + "attach.html" });
    if (!handle(text, "button", "Report")) text = (await s.call("browser_snapshot")).text;
    await s.call("browser_click", { element: "Report file input", target: handle(text, "button", "Report") });
    await s.call("browser_file_upload", { paths: [path.join(state, "report.txt")] });
    await s.call("browser_click", { element: "Send button", target: handle(text, "button", "Send") });
    await until(() => records.includes("name=report.txt:quarterly numbers: 42"), "upload");
  },
  async table(s) {
    const ref = await theirs.open(s, "orders.html", "button", "Edit 1742");
    await s.call("browser_click", { element: "Edit 1742 button", target: ref });
    await until(() => records.includes("edit=1742"), "edit=1742");
  },
  async srcdoc(s) {
    const ref = await theirs.open(s, "checkout.html", "button", "Pay now");
    await s.call("browser_click", { element: "Pay now button", target: ref });
    await until(() => records.includes("paid=4242"), "paid");
  },
  async wait(s) {
    const ref = await theirs.open(s, "report.html", "button", "Load report");
    await s.call("browser_click", { element: "Load report button", target: ref });
    const { text } = await s.call("browser_wait_for", { text: "Download report" });
    const download =
      handle(text, "button", "Download report") ?? handle((await s.call("browser_snapshot")).text, "button", "Download report");
    await s.call("browser_click", { element: "Download report button", target: download });
    await until(() => records.includes("download=report"), "download");
  },
};

const only = process.env.TASKS?.split(",");
const kinds = process.env.TOOLS?.split(",");
const tasks = [
  ["confirm", "documents.html"],
  ["prompt", "documents.html"],
  ["upload", "attach.html"],
  ["table", "orders.html"],
  ["srcdoc", "checkout.html"],
  ["wait", "report.html"],
];
for (let round = 1; round <= rounds; round++) {
  const order = round % 2 === 1 ? ["praefectus", "playwright"] : ["playwright", "praefectus"];
  for (const [task, page] of tasks.filter(([t]) => !only || only.includes(t))) {
    for (const kind of order.filter((k) => !kinds || kinds.includes(k))) {
      records.length = 0;
      gateOpen = false;
      const started = Date.now();
      const s = await session(kind, page);
      let done = true;
      let error;
      try {
        await (kind === "praefectus" ? ours : theirs)[task](s);
      } catch (e) {
        done = false;
        error = String(e.message ?? e).slice(0, 200);
      }
      const ms = Date.now() - started;
      await s.client.close();
      console.log(JSON.stringify({ round, task, tool: kind, calls: s.calls(), ms, done, ...(error ? { error } : {}) }));
    }
  }
}
server.close();
fs.rmSync(uploads, { recursive: true, force: true });
fs.rmSync(state, { recursive: true, force: true });
