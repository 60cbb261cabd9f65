// The MCP surface of the cross-surface contract suite (tests/daemon CrossSurfaceContractTest): the official
// TypeScript SDK over stdio against `java -jar $PRAEFECTUS_JAR mcp --profile PROFILE`, driven line by line by the Java
// test. Each stdin line is one call, {"tool":NAME,"arguments":{…}}; each stdout line its answer,
// {"is_error":BOOLEAN,"structured":{…}} (with "text", the content's text, when there is no structured content; or {"is_error":true,"protocol_error":MESSAGE} when the call itself failed).
// Confirmations are accepted; the server's stderr is discarded. End of input closes the session.
// Usage: node contract-client.mjs PROFILE
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { createInterface } from "node:readline";

const jar = process.env.PRAEFECTUS_JAR;
const profile = process.argv[2];
if (!jar || !profile) {
  console.error("usage: PRAEFECTUS_JAR=… node contract-client.mjs PROFILE");
  process.exit(2);
}

const client = new Client({ name: "praefectus-contract", version: "1.0.0" }, { capabilities: { elicitation: {} } });
client.setRequestHandler(ElicitRequestSchema, async () => ({ action: "accept", content: { confirm: true } }));
await client.connect(new StdioClientTransport({
  command: process.env.PRAEFECTUS_JAVA ?? "java",
  args: ["-jar", jar, "mcp", "--profile", profile],
  env: process.env,
  stderr: "ignore",
}));
// the Java side waits for this line before its first call
process.stdout.write(JSON.stringify({ ready: client.getServerVersion().name }) + "\n");

const lines = createInterface({ input: process.stdin });
for await (const line of lines) {
  const { tool, arguments: args } = JSON.parse(line);
  let answer;
  try {
    const result = await client.callTool({ name: tool, arguments: args }, undefined, { timeout: 180_000 });
    answer = { is_error: result.isError === true, structured: result.structuredContent ?? null };
    // an answer without structured content is reported with its text, so a failed check shows what it said
    if (!result.structuredContent) answer.text = (result.content ?? []).map((c) => c.text ?? "").join("\n");
  } catch (e) {
    answer = { is_error: true, protocol_error: String(e?.message ?? e) };
  }
  process.stdout.write(JSON.stringify(answer) + "\n");
}
await client.close();
