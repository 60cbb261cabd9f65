package org.praefectus.tests.vision;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.praefectus.api.cli.CommandLine;

/** Runs a CLI command through the CommandLine service and parses its one envelope. */
final class Cli {

    static final ObjectMapper JSON = new ObjectMapper();

    record Result(int exitCode, JsonNode envelope) {
        JsonNode data() {
            return envelope.get("data");
        }

        String errorCode() {
            return envelope.at("/error/code").asText();
        }
    }

    private Cli() {}

    static Result run(CommandLine cli, String... arguments) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int exit = cli.run(
                List.of(arguments), out, new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
        String text = out.toString(StandardCharsets.UTF_8);
        assertEquals(1, text.lines().count(), "one envelope line: " + text);
        return new Result(exit, JSON.readTree(text));
    }
}
