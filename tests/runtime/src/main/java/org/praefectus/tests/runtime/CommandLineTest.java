package org.praefectus.tests.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Hashtable;
import java.util.List;
import org.apache.felix.service.command.CommandProcessor;
import org.apache.felix.service.command.CommandSession;
import org.junit.jupiter.api.Test;
import org.osgi.framework.BundleContext;
import org.osgi.framework.Constants;
import org.osgi.test.common.annotation.InjectBundleContext;
import org.osgi.test.common.annotation.InjectService;
import org.praefectus.api.cli.CliCommand;
import org.praefectus.api.cli.CommandLine;
import org.praefectus.api.platform.Platform;

/** The CLI service inside the framework: envelopes, exit codes and the Gogo commands. */
class CommandLineTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @InjectBundleContext
    BundleContext context;

    @InjectService
    CommandLine cli;

    record Result(int exitCode, JsonNode envelope, String stderr) {}

    static Result run(CommandLine cli, String... arguments) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = cli.run(List.of(arguments), out, new PrintStream(err, true, StandardCharsets.UTF_8));
        String text = out.toString(StandardCharsets.UTF_8);
        assertEquals(1, text.lines().count(), "one envelope line: " + text);
        return new Result(exit, JSON.readTree(text), err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void capabilitiesReportsTheRealDesktop() throws Exception {
        if (System.getenv("DISPLAY") == null) {
            fail("this test needs the test desktop: run it through scripts/test-desktop");
        }
        Result result = run(cli, "capabilities");

        assertEquals(CommandLine.EXIT_OK, result.exitCode());
        assertTrue(result.envelope().get("ok").asBoolean());
        JsonNode data = result.envelope().get("data");
        assertEquals("linux", data.get("platform").asText());
        assertTrue(data.at("/permissions/x11_display").asBoolean());
        assertTrue(data.at("/permissions/x11_xtest").asBoolean());
        assertTrue(data.at("/permissions/atspi_bus").asBoolean());
        assertFalse(data.at("/permissions/x11_xwayland").asBoolean());
        assertEquals("", result.stderr());
    }

    @Test
    void usageErrorsExitWithTwo() throws Exception {
        Result result = run(cli, "no-such-command");

        assertEquals(CommandLine.EXIT_USAGE, result.exitCode());
        assertEquals("usage", result.envelope().at("/error/code").asText());
    }

    @Test
    void aFailingPlatformIsAProtocolErrorWithoutItsDetail() throws Exception {
        Platform failing = () -> {
            throw new IllegalStateException("backend detail that must not leak");
        };
        @SuppressWarnings("JdkObsolete") // registerService takes a Dictionary
        Hashtable<String, Object> properties = new Hashtable<>();
        properties.put(Constants.SERVICE_RANKING, Integer.MAX_VALUE);
        // registered through the injected context: OSGi Test unregisters it after this test
        context.registerService(Platform.class, failing, properties);

        Result result = run(cli, "capabilities");

        assertEquals(CommandLine.EXIT_PROTOCOL, result.exitCode());
        assertEquals("protocol_error", result.envelope().at("/error/code").asText());
        assertFalse(result.envelope().toString().contains("backend detail"));
    }

    @Test
    void commandsRegisteredByOtherBundlesJoinTheCli() throws Exception {
        CliCommand echo = new CliCommand() {
            @Override
            public String name() {
                return "echo";
            }

            @Override
            public String summary() {
                return "echo the arguments";
            }

            @Override
            public Object run(List<String> arguments) {
                return arguments;
            }
        };
        assertEquals(CommandLine.EXIT_USAGE, run(cli, "echo", "x").exitCode(), "not there yet");
        @SuppressWarnings("JdkObsolete") // registerService takes a Dictionary
        Hashtable<String, Object> properties = new Hashtable<>();
        properties.put(CliCommand.NAME_PROPERTY, "echo");
        var registration = context.registerService(CliCommand.class, echo, properties);

        Result result = run(cli, "echo", "--flag", "value");
        assertEquals(CommandLine.EXIT_OK, result.exitCode());
        assertEquals("[\"--flag\",\"value\"]", result.envelope().get("data").toString());

        registration.unregister();
        assertEquals(CommandLine.EXIT_USAGE, run(cli, "echo", "x").exitCode(), "gone with its service");
    }

    @Test
    void theCommandsAreGogoCommands(@InjectService CommandProcessor processor) throws Exception {
        ByteArrayOutputStream sink = new ByteArrayOutputStream();
        PrintStream print = new PrintStream(sink, true, StandardCharsets.UTF_8);
        try (CommandSession session = processor.createSession(System.in, print, print)) {
            Object output = session.execute("praefectus:capabilities");

            JsonNode envelope = JSON.readTree(String.valueOf(output));
            assertTrue(envelope.get("ok").asBoolean());
            assertEquals("linux", envelope.at("/data/platform").asText());

            JsonNode help = JSON.readTree(String.valueOf(session.execute("praefectus:help")));
            assertTrue(help.at("/data/commands").toString().contains("capabilities"));

            JsonNode usage = JSON.readTree(String.valueOf(session.execute("praefectus:cli bogus")));
            assertEquals("usage", usage.at("/error/code").asText());
        }
    }
}
