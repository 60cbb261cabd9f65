package org.praefectus.macos.executor;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.protocol.SemanticElement;
import org.praefectus.api.protocol.SemanticObservation;
import org.praefectus.api.protocol.SessionIsolation;

/** An executor over a fixture desktop with a clock the test moves. */
final class MacTesting {

    final FakeDesktop desktop;
    final AtomicLong clock = new AtomicLong(System.currentTimeMillis());
    final MacExecutor executor;

    MacTesting(FakeDesktop desktop, Path screenshots, String... environment) {
        this(desktop, screenshots, new Utilities(List.of(screenshots.resolve("no-utilities"))), environment);
    }

    MacTesting(FakeDesktop desktop, Path screenshots, Utilities utilities, String... environment) {
        this.desktop = desktop;
        Map<String, String> env = new HashMap<>();
        for (String entry : environment) {
            String[] parts = entry.split("=", 2);
            env.put(parts[0], parts[1]);
        }
        this.executor = new MacExecutor(
                desktop,
                desktop,
                new MacSettings(SessionIsolation.SHARED_DESKTOP, screenshots.resolve("screenshots"), env),
                utilities,
                clock::get);
    }

    /** Cancellation and deadline checks read the real clock; the observation clock is the test's. */
    static long deadline() {
        return System.currentTimeMillis() + 60_000;
    }

    SemanticObservation observe() throws Exception {
        return executor.observeSemantic(new CancellationToken(), deadline());
    }

    /** The tag of the first element with that role and name (or any name when {@code null}). */
    static String tag(SemanticObservation observation, String role, String name) {
        for (SemanticElement element : observation.elements()) {
            if (element.role().equals(role) && (name == null || name.equals(element.name()))) {
                return element.tag();
            }
        }
        throw new AssertionError("no " + role + " " + name + " in the observation");
    }
}
