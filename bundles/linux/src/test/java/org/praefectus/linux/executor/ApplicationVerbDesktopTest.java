package org.praefectus.linux.executor;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.praefectus.api.desktop.DesktopException;
import org.praefectus.api.desktop.InputOutcome;
import org.praefectus.api.desktop.InputRequest;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.protocol.Action;
import org.praefectus.api.protocol.ApplicationOperation;
import org.praefectus.api.protocol.InteractionMode;
import org.praefectus.api.protocol.Receipt;
import org.praefectus.api.protocol.SafetyClass;
import org.praefectus.api.protocol.TargetRef;
import org.praefectus.api.protocol.Terminal;
import org.praefectus.api.protocol.VerificationPolicy;
import org.praefectus.api.resident.ActionProposal;
import org.praefectus.linux.desktop.PlainInputVerb;
import org.praefectus.linux.x11.ClientWindow;
import org.praefectus.nativecore.desktop.SigningHost;

/**
 * The application verbs and {@code open} (#36: launch_app, switch, quit, open as the signed {@code application} and
 * {@code open} actions) on the test desktop: Mousepad by its desktop profile, gtk3-widget-factory by a test-local
 * desktop ID, a text file opened by the handler this test's own XDG folders configure. Every effect is read back by
 * independent X clients ({@code xdotool search}, {@code getactivewindow}, {@code getwindowname}) and by the process
 * table.
 */
class ApplicationVerbDesktopTest {

    @TempDir
    Path directory;

    /** Processes a test started through the executor, ended at the end (they run detached from this JVM). */
    private final List<Long> started = new ArrayList<>();

    @AfterEach
    void endStarted() {
        started.forEach(pid -> ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly));
    }

    @Test
    void aProfileIsLaunchedItsWindowReturnedAndQuit() throws Exception {
        assertEquals("", run("xdotool", "search", "--classname", "^mousepad$").strip(), "no Mousepad runs before");
        try (LinuxExecutor executor = Desktop.executor(new DesktopConnections(environment()), directory);
                SigningHost host = new SigningHost(executor, directory, true)) {
            PlainInputVerb verb = new PlainInputVerb(executor, () -> host);

            Map<String, Object> dry =
                    verb.run(InputRequest.application("launch", "text-editor", true), new CancellationToken());
            assertEquals("application", dry.get("action"));
            assertEquals(0, host.operations(), "a dry run signs nothing");

            InputOutcome launched =
                    verb.outcome(InputRequest.application("launch", "text-editor", false), new CancellationToken());
            assertTrue(launched.succeeded(), String.valueOf(launched.terminal()));
            ClientWindow window = shown(executor, launched);
            started.add(window.processId());
            assertEquals("mousepad", window.instance());
            List<String> mousepads = List.of(run("xdotool", "search", "--classname", "^mousepad$")
                    .strip()
                    .split("\\s+"));
            assertTrue(mousepads.contains(Long.toString(window.id())), "xdotool finds the returned window");
            ProcessHandle process = ProcessHandle.of(window.processId()).orElseThrow();
            assertTrue(process.info().command().orElse("").endsWith("mousepad"));
            assertEquals(
                    window.processId(),
                    sessionOf(window.processId()),
                    "the application leads a session of its own, detached from the executor's");
            assertTrue(sessionOf(window.processId())
                    != sessionOf(ProcessHandle.current().pid()));

            InputOutcome quit =
                    verb.outcome(InputRequest.application("quit", "mousepad", false), new CancellationToken());
            assertTrue(quit.succeeded(), String.valueOf(quit.terminal()));
            assertTrue(process.onExit().get(10, TimeUnit.SECONDS) != null && !process.isAlive(), "quit ended it");
            assertEquals(2, host.operations());
        }
    }

    @Test
    void aDesktopIdIsLaunchedFromItsExecLineAndSwitchedTo() throws Exception {
        try (GtkApp holder = GtkApp.zenityInfo("Application Verb Holder");
                LinuxExecutor executor = Desktop.executor(new DesktopConnections(environment()), directory);
                SigningHost host = new SigningHost(executor, directory, true)) {
            PlainInputVerb verb = new PlainInputVerb(executor, () -> host);
            InputOutcome launched = verb.outcome(
                    InputRequest.application("launch", "praefectus-test-factory.desktop", false),
                    new CancellationToken());
            assertTrue(launched.succeeded(), String.valueOf(launched.terminal()));
            ClientWindow window = shown(executor, launched);
            started.add(window.processId());
            assertTrue(
                    run("xdotool", "search", "--classname", "^gtk3-widget-factory$")
                            .contains(Long.toString(window.id())),
                    "xdotool finds the factory's window");

            awaitWindowOf(holder.pid());
            Desktop.bringToFront(holder.pid());
            assertFalse(activeWindow().equals(Long.toString(window.id())));
            InputOutcome switched = verb.outcome(
                    InputRequest.application("switch", "praefectus-test-factory.desktop", false),
                    new CancellationToken());
            assertTrue(switched.succeeded(), String.valueOf(switched.terminal()));
            assertEquals(Long.toString(window.id()), activeWindow(), "xdotool sees the application's window active");
        }
    }

    @Test
    void aNameThatIsNeitherAProfileNorADesktopIdIsRefusedBeforeSigning() throws Exception {
        try (LinuxExecutor executor = Desktop.executor(new DesktopConnections(environment()), directory);
                SigningHost host = new SigningHost(executor, directory, true)) {
            PlainInputVerb verb = new PlainInputVerb(executor, () -> host);
            for (String name : List.of("/usr/bin/xmessage", "xmessage", "sh -c xmessage", "../xmessage.desktop")) {
                DesktopException refused = assertThrows(
                        DesktopException.class,
                        () -> verb.outcome(InputRequest.application("launch", name, false), new CancellationToken()));
                assertEquals("application_not_allowed", refused.code(), name);
            }
            assertEquals(0, host.operations(), "nothing was signed");

            // a host that signs such a name anyway: the executor's own allow-list refuses it with no effect
            Terminal signed = host.act(
                            new ActionProposal(
                                    new Action.Application(ApplicationOperation.LAUNCH, "xmessage"),
                                    new TargetRef.None(),
                                    InteractionMode.INTERACTIVE,
                                    new VerificationPolicy.None(),
                                    SafetyClass.REVERSIBLE,
                                    System.currentTimeMillis() + 30_000),
                            new CancellationToken())
                    .terminal();
            assertFalse(signed instanceof Terminal.Succeeded, String.valueOf(signed));
            assertFalse(signed instanceof Terminal.OutcomeUnknown, String.valueOf(signed));
            assertEquals("", run("pgrep", "-x", "xmessage").strip(), "no xmessage was started");
        }
    }

    @Test
    void aTextFileIsOpenedByTheConfiguredHandler() throws Exception {
        Path notes = directory.resolve("praefectus-open-notes.txt");
        Files.writeString(notes, "Opened by Praefectus.\n");
        try (LinuxExecutor executor = Desktop.executor(new DesktopConnections(environment()), directory);
                SigningHost host = new SigningHost(executor, directory, true)) {
            PlainInputVerb verb = new PlainInputVerb(executor, () -> host);
            for (Map.Entry<String, String> refused : Map.of(
                            "mailto:someone@example.org",
                            "scheme_not_allowed",
                            directory.resolve("missing.txt").toString(),
                            "file_not_found",
                            "notes.txt",
                            "invalid_target")
                    .entrySet()) {
                DesktopException e = assertThrows(
                        DesktopException.class,
                        () -> verb.outcome(InputRequest.open(refused.getKey(), false), new CancellationToken()));
                assertEquals(refused.getValue(), e.code());
            }
            assertEquals(0, host.operations(), "nothing was signed");

            InputOutcome opened = verb.outcome(InputRequest.open(notes.toString(), false), new CancellationToken());
            assertTrue(opened.succeeded(), String.valueOf(opened.terminal()));
            ClientWindow window = shown(executor, opened);
            started.add(window.processId());
            assertEquals("mousepad", window.instance(), "the test's mimeapps.list names Mousepad for text/plain");
            assertTrue(
                    run("xdotool", "getwindowname", Long.toString(window.id())).contains("praefectus-open-notes"),
                    "the handler's window shows the file");
        }
    }

    /** The window the executor decided the action showed, as the desktop service hands it back. */
    private static ClientWindow shown(LinuxExecutor executor, InputOutcome outcome) {
        Receipt receipt = ((Terminal.Succeeded) outcome.terminal()).receipt();
        Optional<ClientWindow> window = executor.shownWindows()
                .find(outcome.proposal().action(), receipt.startedAtMs(), receipt.finishedAtMs());
        assertTrue(window.isPresent(), "the executor recorded the window it saw appear");
        return window.get();
    }

    /**
     * The test desktop's environment with the input opt-in and XDG folders of this test's own: a desktop ID for
     * gtk3-widget-factory (its Exec line quoted and with a field code), and Mousepad as the text/plain handler, so
     * the test does not depend on the machine's applications.
     */
    private Map<String, String> environment() throws Exception {
        Map<String, String> environment = Desktop.environment(true);
        Path data = directory.resolve("data");
        Path config = directory.resolve("config");
        Files.createDirectories(data.resolve("applications"));
        Files.createDirectories(config);
        Files.writeString(
                data.resolve("applications/praefectus-test-factory.desktop"),
                "[Desktop Entry]\nType=Application\nName=Test Factory\nExec=\"gtk3-widget-factory\" %U\n");
        Files.writeString(data.resolve("applications/praefectus-test-editor.desktop"), """
                [Desktop Entry]
                Type=Application
                Name=Test Editor
                MimeType=text/plain;
                Exec=mousepad --disable-server --opening-mode=window %f
                """);
        Files.writeString(
                config.resolve("mimeapps.list"), "[Default Applications]\ntext/plain=praefectus-test-editor.desktop\n");
        environment.put("XDG_DATA_HOME", data.toString());
        environment.put("XDG_CONFIG_HOME", config.toString());
        return environment;
    }

    /** A process's session ID, field 6 of {@code /proc/PID/stat} (after the command name in parentheses). */
    private static long sessionOf(long pid) throws Exception {
        String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        return Long.parseLong(fields[3]);
    }

    private static void awaitWindowOf(long pid) {
        await("a window of process " + pid)
                .atMost(Duration.ofSeconds(30))
                .pollInterval(Duration.ofMillis(100))
                .until(() -> !run("xdotool", "search", "--onlyvisible", "--pid", Long.toString(pid))
                        .isBlank());
    }

    private static String activeWindow() throws Exception {
        return run("xdotool", "getactivewindow").strip();
    }

    private static String run(String... command) throws Exception {
        Process process = new ProcessBuilder(command)
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(10, TimeUnit.SECONDS));
        return out;
    }
}
