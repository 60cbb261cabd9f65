package org.praefectus.windows.executor;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.DispatchException;
import org.praefectus.api.executor.ResolvedTarget;
import org.praefectus.api.protocol.Action;
import org.praefectus.api.protocol.SemanticElement;
import org.praefectus.api.protocol.SemanticObservation;
import org.praefectus.api.protocol.SessionIsolation;
import org.praefectus.api.protocol.VerificationPolicy;

/** An executor over a fixture desktop with a clock the test moves. */
final class WinTesting {

    final FakeWindows desktop;
    final FakeAcl acl = new FakeAcl();
    final AtomicLong clock = new AtomicLong(System.currentTimeMillis());
    final WindowsExecutor executor;

    WinTesting(FakeWindows desktop, Path directory, String... environment) {
        this(desktop, directory, new SystemPrograms(List.of(directory.resolve("no-programs"))), environment);
    }

    WinTesting(FakeWindows desktop, Path directory, SystemPrograms programs, String... environment) {
        this.desktop = desktop;
        Map<String, String> env = new HashMap<>();
        for (String entry : environment) {
            String[] parts = entry.split("=", 2);
            env.put(parts[0], parts[1]);
        }
        this.executor = new WindowsExecutor(
                desktop,
                acl,
                new WindowsSettings(SessionIsolation.SHARED_DESKTOP, directory.resolve("screenshots"), env),
                programs,
                clock::get);
    }

    static long deadline() {
        return System.currentTimeMillis() + 60_000;
    }

    SemanticObservation observe() throws Exception {
        return executor.observeSemantic(new CancellationToken(), deadline());
    }

    void dispatch(Action action, ResolvedTarget target, VerificationPolicy verification) throws DispatchException {
        executor.dispatch(action, target, verification, new CancellationToken(), deadline());
    }

    static SemanticElement element(SemanticObservation observation, String role, String name) {
        for (SemanticElement element : observation.elements()) {
            if (element.role().equals(role) && (name == null || name.equals(element.name()))) {
                return element;
            }
        }
        throw new AssertionError("no " + role + " " + name);
    }

    static ResolvedTarget target(SemanticObservation observation, String role, String name) throws Exception {
        return new ResolvedTarget.Semantic(
                observation.target(element(observation, role, name).tag()));
    }
}
