package org.praefectus.mcp.bench;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.protocol.SemanticObservation;
import org.praefectus.api.protocol.SessionIsolation;
import org.praefectus.linux.executor.DesktopConnections;
import org.praefectus.linux.executor.ExecutorSettings;
import org.praefectus.linux.executor.LinuxExecutor;

/**
 * The in-process side of the MCP benchmark: the same observation the MCP {@code observe} tool makes
 * ({@code Executor.observeSemantic} of the active window), called directly in this JVM. The driver
 * (observe-bench.mjs) writes one line per observation and reads back {@code elements milliseconds}, so the
 * two paths can be interleaved in one loop.
 */
public final class DirectObserve {

    public static void main(String[] arguments) throws Exception {
        DesktopConnections connections = new DesktopConnections(System.getenv());
        try (LinuxExecutor executor = new LinuxExecutor(connections,
                new ExecutorSettings(SessionIsolation.SHARED_DESKTOP, Path.of(System.getProperty("java.io.tmpdir"))));
                BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8))) {
            System.out.println("ready");
            System.out.flush();
            while (in.readLine() != null) {
                long start = System.nanoTime();
                SemanticObservation observation = executor.observeSemantic(new CancellationToken(),
                        System.currentTimeMillis() + 30_000);
                double ms = (System.nanoTime() - start) / 1e6;
                System.out.println(observation.elements().size() + " " + ms);
                System.out.flush();
            }
        }
    }
}
