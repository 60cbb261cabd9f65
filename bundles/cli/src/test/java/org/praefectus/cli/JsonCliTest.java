package org.praefectus.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.praefectus.api.cli.CliCommand;
import org.praefectus.api.cli.CliCommandException;
import org.praefectus.api.cli.CommandLine;
import org.praefectus.api.cli.Options;
import org.praefectus.api.platform.Platform;
import org.praefectus.api.protocol.Capabilities;
import org.praefectus.api.protocol.SessionIsolation;

class JsonCliTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Capabilities LINUX = Capabilities.of(
            "linux", "atspi2", SessionIsolation.SHARED_DESKTOP, List.of(), Map.of("x11_display", true), "feed");

    /** A contributed command: echoes its arguments, fails with a typed error on "fail". */
    private static final CliCommand ECHO = new CliCommand() {
        @Override
        public String name() {
            return "echo";
        }

        @Override
        public String summary() {
            return "echo the arguments";
        }

        @Override
        public Object run(List<String> arguments) throws CliCommandException {
            if (arguments.contains("fail")) {
                throw CliCommandException.failure("observation_error", "observation unavailable");
            }
            return arguments;
        }
    };

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private static JsonCli cli(Optional<Platform> platform) {
        List<CliCommand> commands = new ArrayList<>();
        commands.add(new CapabilitiesCommand(() -> platform));
        commands.add(new HelpCommand(() -> commands));
        commands.add(ECHO);
        return new JsonCli(() -> commands);
    }

    private int run(JsonCli cli, String... arguments) {
        return cli.run(List.of(arguments), out, new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    /** Exactly one line on stdout, holding one JSON object; nothing on stderr. */
    private JsonNode envelope() throws IOException {
        String text = out.toString(StandardCharsets.UTF_8);
        assertTrue(text.endsWith("\n"), "the envelope ends with a newline");
        assertEquals(1, text.lines().count(), "exactly one line: " + text);
        assertEquals("", err.toString(StandardCharsets.UTF_8), "stderr stays empty");
        return JSON.readTree(text);
    }

    @Test
    void capabilitiesSucceedsWithThePlatformReport() throws IOException {
        assertEquals(CommandLine.EXIT_OK, run(cli(Optional.of(() -> LINUX)), "capabilities"));

        JsonNode envelope = envelope();
        assertTrue(envelope.get("ok").asBoolean());
        assertEquals(JSON.valueToTree(LINUX), envelope.get("data"));
        assertFalse(envelope.has("error"));
    }

    @Test
    void capabilitiesWithoutAPlatformIsAProtocolError() throws IOException {
        assertEquals(CommandLine.EXIT_PROTOCOL, run(cli(Optional.empty()), "capabilities"));

        JsonNode envelope = envelope();
        assertFalse(envelope.get("ok").asBoolean());
        assertEquals("protocol_error", envelope.at("/error/code").asText());
        assertFalse(envelope.has("data"));
    }

    @Test
    void aFailingPlatformNeverLeaksItsExceptionText() throws IOException {
        Platform failing = () -> {
            throw new IllegalStateException("typed secret hunter2");
        };
        assertEquals(CommandLine.EXIT_PROTOCOL, run(cli(Optional.of(failing)), "capabilities"));

        JsonNode envelope = envelope();
        assertEquals("protocol_error", envelope.at("/error/code").asText());
        assertEquals("protocol operation failed", envelope.at("/error/message").asText());
        assertFalse(out.toString(StandardCharsets.UTF_8).contains("hunter2"));
    }

    @Test
    void usageErrorsExitWithTwo() throws IOException {
        String[][] mistakes = {
            {}, {"frobnicate"}, {"capabilities", "extra"}, {"capabilities", "--verbose"}, {"help", "me"}
        };
        for (String[] mistake : mistakes) {
            out.reset();
            assertEquals(
                    CommandLine.EXIT_USAGE, run(cli(Optional.of(() -> LINUX)), mistake), String.join(" ", mistake));
            JsonNode envelope = envelope();
            assertFalse(envelope.get("ok").asBoolean());
            assertEquals("usage", envelope.at("/error/code").asText());
            assertFalse(envelope.at("/error/message").asText().isBlank());
        }
    }

    /** Issue 14, defect 4: the reference's envelope and usage messages. */
    @Test
    void aSuccessWithoutDataCarriesDataNull() throws IOException {
        JsonCli cli = new JsonCli(() -> List.of(new CliCommand() {
            @Override
            public String name() {
                return "nothing";
            }

            @Override
            public String summary() {
                return "answers null";
            }

            @Override
            public Object run(List<String> arguments) {
                return null;
            }
        }));
        assertEquals(CommandLine.EXIT_OK, run(cli, "nothing"));
        assertEquals("{\"ok\":true,\"data\":null}\n", out.toString(StandardCharsets.UTF_8));
    }

    @Test
    void executeAndUnknownOptionsAnswerAsTheReference() throws IOException {
        assertEquals(CommandLine.EXIT_USAGE, run(cli(Optional.empty()), "execute", "request.json"));
        assertEquals(
                "execute is library-only and requires a host-injected trusted AuthorityVerifier",
                envelope().at("/error/message").asText());
        out.reset();
        assertEquals(CommandLine.EXIT_USAGE, run(cli(Optional.empty()), "bogus", "--x"));
        assertEquals("unknown option: --x", envelope().at("/error/message").asText());
        out.reset();
        assertEquals(CommandLine.EXIT_USAGE, run(cli(Optional.empty()), "bogus"));
        assertEquals("unknown command: bogus", envelope().at("/error/message").asText());
    }

    @Test
    void aLongMistypedCommandIsEchoedOnlyInPart() throws IOException {
        String pasted = "x".repeat(500);
        run(cli(Optional.empty()), pasted);

        assertTrue(envelope().at("/error/message").asText().length() < 120);
    }

    @Test
    void helpListsEveryCommand() throws IOException {
        for (String help : List.of("help", "--help", "-h")) {
            out.reset();
            assertEquals(CommandLine.EXIT_OK, run(cli(Optional.empty()), help));
            JsonNode data = envelope().get("data");
            assertEquals(
                    List.of("capabilities", "echo", "help"),
                    data.get("commands").findValuesAsText("name"));
            assertTrue(data.get("usage").asText().startsWith("usage: praefectus"));
        }
    }

    @Test
    void contributedCommandsReceiveTheirArgumentsAndOptions() throws IOException {
        assertEquals(CommandLine.EXIT_OK, run(cli(Optional.empty()), "echo", "--region", "1,2,3,4"));

        assertEquals(
                List.of("--region", "1,2,3,4"), JSON.convertValue(envelope().get("data"), List.class));
    }

    @Test
    void aTypedCommandFailureKeepsItsCodeAndExitsWithThree() throws IOException {
        assertEquals(CommandLine.EXIT_PROTOCOL, run(cli(Optional.empty()), "echo", "fail"));

        JsonNode envelope = envelope();
        assertEquals("observation_error", envelope.at("/error/code").asText());
        assertEquals("observation unavailable", envelope.at("/error/message").asText());
    }

    @Test
    void anUnwritableEnvelopeExitsWithOneAndExplainsOnStderr() {
        OutputStream closed = new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                throw new IOException("Broken pipe");
            }
        };
        int exit = cli(Optional.of(() -> LINUX))
                .run(List.of("capabilities"), closed, new PrintStream(err, true, StandardCharsets.UTF_8));

        assertEquals(CommandLine.EXIT_ENVELOPE_UNWRITABLE, exit);
        assertTrue(err.toString(StandardCharsets.UTF_8).startsWith("praefectus: cannot write the JSON envelope"));
    }

    @Test
    void aPrintStreamThatSwallowedItsErrorIsStillDetected() {
        PrintStream swallowing = new PrintStream(new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                throw new IOException("Bad file descriptor");
            }
        });
        int exit = cli(Optional.of(() -> LINUX))
                .run(List.of("help"), swallowing, new PrintStream(err, true, StandardCharsets.UTF_8));

        assertEquals(CommandLine.EXIT_ENVELOPE_UNWRITABLE, exit);
    }

    /** A contributed command that reads its options with {@link Options}, as every command with options does. */
    private static final CliCommand COMPARE = new CliCommand() {
        @Override
        public String name() {
            return "compare";
        }

        @Override
        public String summary() {
            return "compare two images";
        }

        @Override
        public Object run(List<String> arguments) throws CliCommandException {
            Options.parse("compare", arguments, Set.of("before", "after", "threshold"), Set.of("diff-image"));
            throw new AssertionError("help must not run the command");
        }
    };

    /** Regression (issue 42, defect 8): {@code help doctor} and {@code doctor --help} were usage errors. */
    @Test
    void everyCommandHasItsHelpWithItsOptionsBothWays() throws IOException {
        List<CliCommand> commands = new ArrayList<>();
        commands.add(new HelpCommand(() -> commands));
        commands.add(new CapabilitiesCommand(Optional::empty));
        commands.add(COMPARE);
        for (List<String> asked : List.of(List.of("help", "compare"), List.of("compare", "--help"))) {
            out.reset();
            assertEquals(CommandLine.EXIT_OK, run(new JsonCli(() -> commands), asked.toArray(String[]::new)));
            JsonNode data = envelope().get("data");
            assertEquals("compare", data.get("command").asText());
            assertEquals("compare two images", data.get("summary").asText());
            assertEquals(
                    "[\"--after VALUE\",\"--before VALUE\",\"--diff-image\",\"--threshold VALUE\"]",
                    data.get("options").toString());
        }
        out.reset();
        assertEquals(CommandLine.EXIT_OK, run(new JsonCli(() -> commands), "capabilities", "--help"));
        assertEquals("[]", envelope().at("/data/options").toString(), "a command without options lists none");
        out.reset();
        assertEquals(CommandLine.EXIT_USAGE, run(new JsonCli(() -> commands), "help", "nothing"));
        assertEquals("unknown command: nothing", envelope().at("/error/message").asText());
    }
}
