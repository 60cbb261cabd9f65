package org.praefectus.bridge;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

/**
 * A {@link StandaloneBridge} in a JVM of its own (which a test may kill with SIGKILL), on the fixture's
 * configuration, and a client fixture for its port. Without options of its own the JVM gets the shipped
 * launch's ({@code run/src/launcher/praefectus-bridge.options}, as the launcher and the systemd unit pass
 * them): the bounded heap is tested as it ships.
 */
final class ChildBridge implements AutoCloseable {

    final Process jvm;
    final BridgeFixture client;
    /** What the bridge printed besides its listening line (stdout and stderr), line by line. */
    final List<String> output = new CopyOnWriteArrayList<>();

    ChildBridge(BridgeFixture fx, Path clientRoot, String... jvmOptions) throws IOException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(jvmOptions.length > 0 ? List.of(jvmOptions) : shippedOptions());
        command.addAll(List.of(
                "-cp",
                System.getProperty("java.class.path"),
                StandaloneBridge.class.getName(),
                "--config",
                fx.configFile.toString()));
        jvm = new ProcessBuilder(command).redirectErrorStream(true).start();
        BufferedReader out = new BufferedReader(new InputStreamReader(jvm.getInputStream(), StandardCharsets.UTF_8));
        String line = out.readLine();
        while (line != null && !line.startsWith("praetor-execd listening on ")) {
            output.add(line); // what the bridge says while it starts (records it skipped)
            line = out.readLine();
        }
        assertTrue(line != null && line.startsWith("praetor-execd listening on 127.0.0.1:"), output::toString);
        int port = Integer.parseInt(line.substring(line.lastIndexOf(':') + 1));
        Thread reader = new Thread(
                () -> {
                    try {
                        for (String next; (next = out.readLine()) != null; ) {
                            output.add(next);
                        }
                    } catch (IOException ended) {
                        // the JVM is gone
                    }
                },
                "child-bridge-output");
        reader.setDaemon(true);
        reader.start();
        client = new BridgeFixture(clientRoot, 1) {
            @Override
            String base() {
                return "http://127.0.0.1:" + port;
            }
        };
    }

    /** The JVM options of the shipped launch, one a line. */
    static List<String> shippedOptions() throws IOException {
        String file = System.getProperty("praefectus.bridge.launchOptions");
        assertTrue(file != null, "surefire names the shipped launch options");
        List<String> options = new ArrayList<>();
        for (String line : Files.readAllLines(Path.of(file), StandardCharsets.UTF_8)) {
            if (!line.isBlank()) {
                options.add(line.trim());
            }
        }
        assertTrue(options.stream().anyMatch(o -> o.startsWith("-Xmx")), "the shipped launch bounds the heap");
        return options;
    }

    /** SIGKILL: no shutdown hook runs, the process trees are left behind. */
    void crash() throws InterruptedException {
        client.close();
        jvm.destroyForcibly();
        assertTrue(jvm.waitFor(30, TimeUnit.SECONDS));
    }

    @Override
    public void close() throws InterruptedException {
        crash();
    }
}
