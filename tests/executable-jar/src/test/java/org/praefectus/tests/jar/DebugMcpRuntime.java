package org.praefectus.tests.jar;

import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.Consumer;

/**
 * The debug runtime ({@code praefectus.debug.jar}) as the tests that bring a bundle of their own run it: Gogo starts
 * the bundle, then serves {@code mcp --http} (profile operator) or another long-running command (the daemon) in the
 * same framework, with {@code home} as the user's home and configuration folder.
 */
final class DebugMcpRuntime {

    private DebugMcpRuntime() {}

    /**
     * Starts the runtime with {@code bundle} and the server on {@code port}.
     *
     * @param properties  more {@code -Dname=value} options of the JVM
     * @param environment changes to the runtime's environment
     */
    static Process start(
            Path home, Path bundle, int port, List<String> properties, Consumer<Map<String, String>> environment)
            throws IOException {
        return serving(home, bundle, "mcp --http --port " + port + " --profile operator", properties, environment);
    }

    /**
     * Starts the runtime with {@code bundle}, then the CLI command {@code command} (its arguments, space-separated,
     * none quoted) in the same framework.
     */
    static Process serving(
            Path home, Path bundle, String command, List<String> properties, Consumer<Map<String, String>> environment)
            throws IOException {
        // a bundle installed from Gogo gets the initial start level, 3, one above the framework's: raised first
        String gogo =
                "--nointeractive -c \"frameworklevel 3; start " + bundle.toUri() + "; praefectus:cli " + command + "\"";
        List<String> java = new ArrayList<>(
                List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Duser.home=" + home));
        java.addAll(properties);
        java.addAll(List.of(
                "-Dgosh.args=" + gogo,
                "-jar",
                JarProcess.jar("praefectus.debug.jar").toString()));
        ProcessBuilder builder = new ProcessBuilder(java)
                .directory(home.toFile())
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(ProcessBuilder.Redirect.DISCARD);
        builder.environment().put("XDG_CONFIG_HOME", home.resolve(".config").toString());
        environment.accept(builder.environment());
        return builder.start();
    }

    /** The session {@code initialize} opens once the server serves {@code /mcp}. */
    static String session(Process runtime, Callable<String> initialize) {
        return await("mcp --http serves /mcp in the debug runtime")
                .atMost(Duration.ofSeconds(90))
                .pollInterval(Duration.ofMillis(200))
                .ignoreExceptionsInstanceOf(IOException.class) // connection refused until Jetty has started
                .failFast("the debug runtime ended", () -> !runtime.isAlive())
                .until(initialize, id -> id != null);
    }
}
