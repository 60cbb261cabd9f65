package org.praefectus.tests.daemon;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The CLI routed to the daemon ({@code praefectus --daemon VERB … --json}), one process per request, as a user runs
 * it. Its exit code is part of the answer: 0 exactly when {@code ok} (a succeeded terminal), 3 for a refusal or any
 * other terminal, 2 for a usage error.
 */
final class CliContractSurface implements ContractSurface {

    private final Daemon daemon;
    private final Path directory;

    CliContractSurface(Daemon daemon, Path directory) {
        this.daemon = daemon;
        this.directory = directory;
    }

    @Override
    public String name() {
        return "cli";
    }

    static List<String> arguments(ContractRequest request) {
        List<String> arguments = new ArrayList<>(List.of("--daemon"));
        if (request instanceof ContractRequest.Move move) {
            arguments.addAll(List.of("move", "--x", String.valueOf(move.x()), "--y", String.valueOf(move.y())));
        } else if (request instanceof ContractRequest.MoveWithUnknownField move) {
            arguments.addAll(
                    List.of("move", "--x", String.valueOf(move.x()), "--y", String.valueOf(move.y()), "--warp", "1"));
        } else if (request instanceof ContractRequest.ClickAt click) {
            arguments.addAll(List.of("click", "--x", String.valueOf(click.x()), "--y", String.valueOf(click.y())));
        } else if (request instanceof ContractRequest.ClickOn click) {
            arguments.addAll(List.of("click", "--selector", click.selector(), "--window-title", click.windowTitle()));
        } else if (request instanceof ContractRequest.Drag drag) {
            arguments.addAll(List.of(
                    "drag", "--from", drag.fromX() + "," + drag.fromY(), "--to", drag.toX() + "," + drag.toY()));
        } else if (request instanceof ContractRequest.Type type) {
            arguments.addAll(List.of(
                    "type",
                    "--selector",
                    type.selector(),
                    "--window-title",
                    type.windowTitle(),
                    "--text",
                    type.text()));
        } else if (request instanceof ContractRequest.Paste paste) {
            arguments.addAll(List.of(
                    "paste",
                    "--selector",
                    paste.selector(),
                    "--window-title",
                    paste.windowTitle(),
                    "--text",
                    paste.text()));
        } else if (request instanceof ContractRequest.Hotkey hotkey) {
            // the CLI's hotkey takes no selector: the chord goes to the focused element
            arguments.addAll(List.of("hotkey", String.join("+", hotkey.keys())));
        } else if (request instanceof ContractRequest.ScrollOn scroll) {
            arguments.addAll(List.of(
                    "scroll",
                    "--selector",
                    scroll.selector(),
                    "--window-title",
                    scroll.windowTitle(),
                    "--direction",
                    scroll.direction(),
                    "--amount",
                    String.valueOf(scroll.amount())));
        } else if (request instanceof ContractRequest.ScrollAt scroll) {
            arguments.addAll(List.of(
                    "scroll",
                    "--x",
                    String.valueOf(scroll.x()),
                    "--y",
                    String.valueOf(scroll.y()),
                    "--direction",
                    scroll.direction(),
                    "--amount",
                    String.valueOf(scroll.amount())));
        } else {
            throw new IllegalArgumentException(request.toString());
        }
        arguments.add("--json");
        return arguments;
    }

    @Override
    public Answer send(ContractRequest request) throws Exception {
        Daemon.Result result = daemon.cli(directory, arguments(request).toArray(String[]::new));
        JsonNode envelope = result.envelope();
        String raw = "exit " + result.exitCode() + ": " + result.stdout();
        if (envelope.path("ok").asBoolean()) {
            assertEquals(0, result.exitCode(), raw);
            return new Answer(envelope.at("/data/status").asText(), raw);
        }
        String code = envelope.at("/error/code").asText();
        assertEquals(code.equals("usage") ? 2 : 3, result.exitCode(), "the exit code of " + raw);
        return new Answer(code, raw);
    }

    @Override
    public void close() {}
}
