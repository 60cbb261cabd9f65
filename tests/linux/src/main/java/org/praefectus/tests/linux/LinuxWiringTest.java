package org.praefectus.tests.linux;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.osgi.framework.BundleContext;
import org.osgi.framework.FrameworkUtil;
import org.osgi.framework.ServiceReference;
import org.osgi.framework.wiring.BundleWiring;
import org.osgi.test.common.annotation.InjectBundleContext;
import org.osgi.test.common.annotation.InjectService;
import org.praefectus.api.cli.CliCommand;
import org.praefectus.api.cli.CommandLine;
import org.praefectus.api.executor.Executor;
import org.praefectus.api.platform.Platform;
import org.praefectus.api.protocol.ActionCapability;
import org.praefectus.api.vision.Frame;
import org.praefectus.api.vision.PixelFormat;
import org.praefectus.api.vision.Region;
import org.praefectus.api.vision.ScreenCapture;

/** The Linux bundle's services wired by DS in a real Felix, used against the real test desktop. */
class LinuxWiringTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @InjectBundleContext
    BundleContext context;

    @InjectService(filter = "(praefectus.executor.backend=linux-atspi)")
    Executor executor;

    @InjectService
    Platform platform;

    @InjectService
    CommandLine cli;

    @InjectService
    ScreenCapture capture;

    @BeforeAll
    static void needsTheDesktop() {
        if (System.getenv("DISPLAY") == null || System.getenv("DBUS_SESSION_BUS_ADDRESS") == null) {
            fail("these tests need the test desktop: run them through scripts/test-desktop");
        }
    }

    private JsonNode run(int expectedExit, String... arguments) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int exit = cli.run(
                List.of(arguments), out, new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
        assertEquals(expectedExit, exit, out.toString(StandardCharsets.UTF_8));
        return JSON.readTree(out.toByteArray());
    }

    @Test
    void thePlatformAdvertisesTheExecutorsActions() throws Exception {
        List<String> executorActions = executor.capabilities().actionCapabilities().stream()
                .map(ActionCapability::action)
                .toList();
        assertTrue(executorActions.containsAll(List.of("invoke", "set_value", "click", "screenshot")));
        assertEquals(executorActions, platform.capabilities().supportedActions());

        JsonNode capabilities = run(CommandLine.EXIT_OK, "capabilities").get("data");
        assertEquals(
                "target_addressed",
                capabilities.at("/action_capabilities/0/delivery_route").asText());
        assertEquals(
                "guarded",
                capabilities.at("/action_capabilities/0/background_support").asText());
    }

    @Test
    void theObservationCommandsAreContributedToTheCli() throws Exception {
        Collection<ServiceReference<CliCommand>> commands = context.getServiceReferences(CliCommand.class, null);
        Set<String> names = new TreeSet<>();
        commands.forEach(reference -> names.add(String.valueOf(reference.getProperty(CliCommand.NAME_PROPERTY))));
        assertTrue(names.containsAll(Set.of("surfaces", "observe", "observe-surface", "capture")), names.toString());

        Process zenity = new ProcessBuilder("zenity", "--entry", "--title", "Praefectus Wiring", "--text", "Value")
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
        try {
            JsonNode surface = listedSurface(zenity.pid());
            JsonNode observation = run(
                            CommandLine.EXIT_OK,
                            "observe-surface",
                            surface.at("/surface/id").asText())
                    .get("data");
            assertEquals("e1", observation.at("/elements/0/tag").asText());
            assertEquals("Praefectus Wiring", observation.at("/elements/0/name").asText());
            assertEquals(
                    "praefectus-atspi2",
                    observation.at("/provenance/backend_name").asText());

            assertEquals(
                    "usage",
                    run(CommandLine.EXIT_USAGE, "observe-surface")
                            .at("/error/code")
                            .asText());
            assertEquals(
                    "observation_error",
                    run(CommandLine.EXIT_PROTOCOL, "observe-surface", "0".repeat(64))
                            .at("/error/code")
                            .asText());
        } finally {
            zenity.destroy();
            zenity.waitFor(5, TimeUnit.SECONDS);
        }
    }

    @Test
    void aSurfaceObservedAgainIsReadOverItsApplicationsOwnSocketInTheFramework() throws Exception {
        Process zenity = new ProcessBuilder("zenity", "--entry", "--title", "Praefectus Peer Wiring", "--text", "Value")
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
        try {
            String surfaceId = listedSurface(zenity.pid()).at("/surface/id").asText();
            run(CommandLine.EXIT_OK, "observe-surface", surfaceId);
            // GTK's bridge opens its own socket only when a client asks for its address: not yet
            assertEquals(List.of(), listeningSocketPaths(zenity.pid()), "a first observation keeps to the bus");
            JsonNode again =
                    run(CommandLine.EXIT_OK, "observe-surface", surfaceId).get("data");
            assertEquals("Praefectus Peer Wiring", again.at("/elements/0/name").asText());
            // the executor in the framework (dbus-java's peer transport in the bundle's class space) connects,
            // in the background
            List<String> sockets = await("zenity listens on its own AT-SPI socket and the executor connected to it")
                    .atMost(Duration.ofSeconds(10))
                    .pollInterval(Duration.ofMillis(20))
                    .until(() -> connectedSockets(zenity.pid()), connected -> !connected.isEmpty());
            assertEquals(1, sockets.size(), "zenity listens on its own AT-SPI socket: " + sockets);
            assertEquals(1, acceptedConnections(sockets.get(0)), "the executor reads zenity over its own socket");
            assertEquals(
                    "Praefectus Peer Wiring",
                    run(CommandLine.EXIT_OK, "observe-surface", surfaceId)
                            .at("/data/elements/0/name")
                            .asText());
        } finally {
            zenity.destroy();
            zenity.waitFor(5, TimeUnit.SECONDS);
        }
    }

    /** The paths of the Unix sockets the process listens on (GTK's AT-SPI bridge: its peer-to-peer socket). */
    /** The surface of the process's window, once the runtime's {@code surfaces} lists it. */
    private JsonNode listedSurface(long pid) {
        return await("the window of process " + pid + " is listed")
                .atMost(Duration.ofSeconds(15))
                .pollInterval(Duration.ofMillis(100))
                .until(
                        () -> {
                            for (JsonNode candidate :
                                    run(CommandLine.EXIT_OK, "surfaces").get("data")) {
                                if (candidate.get("process_id").asLong() == pid) {
                                    return candidate;
                                }
                            }
                            return null;
                        },
                        java.util.Objects::nonNull);
    }

    /** The process's one listening AT-SPI socket once something connected to it, else nothing. */
    private static List<String> connectedSockets(long pid) throws Exception {
        List<String> sockets = listeningSocketPaths(pid);
        return sockets.size() == 1 && acceptedConnections(sockets.get(0)) > 0 ? sockets : List.of();
    }

    private static List<String> listeningSocketPaths(long pid) throws Exception {
        Set<String> held = new TreeSet<>();
        try (var descriptors = Files.list(Path.of("/proc", Long.toString(pid), "fd"))) {
            for (Path descriptor : (Iterable<Path>) descriptors::iterator) {
                String link = Files.readSymbolicLink(descriptor).toString();
                if (link.startsWith("socket:[")) {
                    held.add(link.substring(8, link.length() - 1));
                }
            }
        }
        return unixSockets().stream()
                .filter(f -> f.length == 8 && (Integer.parseInt(f[3], 16) & 0x10000) != 0 && held.contains(f[6]))
                .map(f -> f[7])
                .toList();
    }

    /** Connections accepted on a listening socket path: the kernel lists them under the same path. */
    private static long acceptedConnections(String path) throws Exception {
        return unixSockets().stream()
                .filter(f -> f.length == 8 && f[7].equals(path) && (Integer.parseInt(f[3], 16) & 0x10000) == 0)
                .count();
    }

    private static List<String[]> unixSockets() throws Exception {
        return Files.readAllLines(Path.of("/proc/net/unix")).stream()
                .skip(1)
                .map(line -> line.trim().split(" +", 8))
                .toList();
    }

    /** What dbus-java's transport finds: it loads socket providers through ServiceLoader in its own class space. */
    private static <S> List<String> providers(Class<S> type, ClassLoader loader) {
        return ServiceLoader.load(type, loader).stream()
                .map(provider -> provider.type().getName())
                .toList();
    }

    @Test
    void dbusJavaInTheBundleFindsTheGatheringSocketProvider() throws Exception {
        ClassLoader loader = FrameworkUtil.getBundle(executor.getClass())
                .adapt(BundleWiring.class)
                .getClassLoader();
        Class<?> spi = loader.loadClass("org.freedesktop.dbus.spi.message.ISocketProvider");
        assertEquals(List.of("org.praefectus.linux.atspi.GatheringSocketProvider"), providers(spi, loader));
    }

    @Test
    void theCaptureServiceServesTheVisionContract() {
        Region screen = capture.screenBounds();
        assertEquals(new Region(0, 0, 1920, 1080), screen);
        Frame frame = capture.capture(new Region(10, 20, 64, 32));
        assertEquals(64, frame.width());
        assertEquals(32, frame.height());
        assertEquals(PixelFormat.BGRA8, frame.format());
        assertEquals(0xff, frame.argb(0, 0) >>> 24);
    }
}
