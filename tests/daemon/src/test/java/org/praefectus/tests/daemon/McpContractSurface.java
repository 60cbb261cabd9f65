package org.praefectus.tests.daemon;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * MCP through the official TypeScript SDK: {@code tests/mcp-client/contract-client.mjs} (one session of
 * {@code praefectus mcp --profile PROFILE}, a host of its own) driven one call per line. {@code isError:false} with
 * the terminal {@code succeeded} is success; an error's code is {@code structuredContent.error.code} (the server
 * checks arguments against the tool's input schema itself, so a schema refusal has a code too).
 */
final class McpContractSurface implements ContractSurface {

    static final Path CLIENT = Path.of("../mcp-client").toAbsolutePath().normalize();

    private final Process node;
    private final BufferedReader answers;
    private final OutputStream calls;

    McpContractSurface(String profile, Path state, Consumer<Map<String, String>> environment) throws IOException {
        assertTrue(
                Files.isDirectory(CLIENT.resolve("node_modules/@modelcontextprotocol/sdk")),
                "the TypeScript SDK is installed: npm ci in " + CLIENT);
        ProcessBuilder builder = new ProcessBuilder(
                        "node", CLIENT.resolve("contract-client.mjs").toString(), profile)
                .directory(CLIENT.toFile())
                .redirectError(ProcessBuilder.Redirect.INHERIT);
        builder.environment().put("PRAEFECTUS_JAR", Daemon.jar().toString());
        builder.environment()
                .put(
                        "PRAEFECTUS_JAVA",
                        Path.of(System.getProperty("java.home"), "bin", "java").toString());
        builder.environment().put("XDG_STATE_HOME", state.toString());
        environment.accept(builder.environment());
        node = builder.start();
        answers = new BufferedReader(new InputStreamReader(node.getInputStream(), UTF_8));
        calls = node.getOutputStream();
        String ready = answers.readLine();
        assertEquals("{\"ready\":\"praefectus\"}", ready, "the MCP session started");
    }

    @Override
    public String name() {
        return "mcp";
    }

    static ObjectNode call(ContractRequest request) {
        ObjectNode call = Daemon.JSON.createObjectNode();
        ObjectNode arguments = call.putObject("arguments");
        if (request instanceof ContractRequest.Move move) {
            call.put("tool", "move_mouse");
            arguments.put("x", move.x()).put("y", move.y());
        } else if (request instanceof ContractRequest.MoveWithUnknownField move) {
            call.put("tool", "move_mouse");
            arguments.put("x", move.x()).put("y", move.y()).put("warp", 1);
        } else if (request instanceof ContractRequest.ClickAt click) {
            call.put("tool", "click");
            arguments.put("x", click.x()).put("y", click.y());
        } else if (request instanceof ContractRequest.ClickOn click) {
            call.put("tool", "click");
            arguments.put("selector", click.selector()).put("window_title", click.windowTitle());
        } else if (request instanceof ContractRequest.Drag drag) {
            call.put("tool", "drag");
            arguments
                    .put("from_x", drag.fromX())
                    .put("from_y", drag.fromY())
                    .put("to_x", drag.toX())
                    .put("to_y", drag.toY());
        } else if (request instanceof ContractRequest.Type type) {
            call.put("tool", "type_text");
            arguments.put("text", type.text()).put("selector", type.selector()).put("window_title", type.windowTitle());
        } else if (request instanceof ContractRequest.Paste paste) {
            call.put("tool", "paste_text");
            arguments
                    .put("text", paste.text())
                    .put("selector", paste.selector())
                    .put("window_title", paste.windowTitle());
        } else if (request instanceof ContractRequest.Hotkey hotkey) {
            call.put("tool", "hotkey");
            hotkey.keys().forEach(arguments.putArray("keys")::add);
            arguments.put("selector", hotkey.selector()).put("window_title", hotkey.windowTitle());
        } else if (request instanceof ContractRequest.ScrollOn scroll) {
            call.put("tool", "scroll");
            arguments
                    .put("selector", scroll.selector())
                    .put("window_title", scroll.windowTitle())
                    .put("direction", scroll.direction())
                    .put("amount", scroll.amount());
        } else if (request instanceof ContractRequest.ScrollAt scroll) {
            call.put("tool", "scroll");
            arguments
                    .put("x", scroll.x())
                    .put("y", scroll.y())
                    .put("direction", scroll.direction())
                    .put("amount", scroll.amount());
        } else {
            throw new IllegalArgumentException(request.toString());
        }
        return call;
    }

    @Override
    public Answer send(ContractRequest request) throws IOException {
        calls.write((call(request) + "\n").getBytes(UTF_8));
        calls.flush();
        String line = answers.readLine();
        assertTrue(line != null, "the MCP client ended");
        JsonNode answer = Daemon.JSON.readTree(line);
        if (!answer.path("is_error").asBoolean()) {
            return new Answer(answer.at("/structured/terminal/kind").asText(), line);
        }
        JsonNode code = answer.at("/structured/error/code");
        if (!code.isMissingNode()) {
            return new Answer(code.asText(), line);
        }
        return new Answer("protocol_error", line);
    }

    @Override
    public void close() throws IOException, InterruptedException {
        calls.close();
        if (!node.waitFor(30, TimeUnit.SECONDS)) {
            node.destroy();
            node.waitFor(10, TimeUnit.SECONDS);
        }
    }
}
