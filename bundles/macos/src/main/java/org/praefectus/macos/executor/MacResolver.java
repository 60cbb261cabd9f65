package org.praefectus.macos.executor;

import java.util.List;
import java.util.function.LongSupplier;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.executor.ExecutorFailure;
import org.praefectus.api.protocol.SemanticTargetRef;
import org.praefectus.macos.ax.AxApi;
import org.praefectus.macos.ax.AxElement;
import org.praefectus.macos.quartz.QuartzApi;
import org.praefectus.macos.quartz.WindowInfo;
import org.praefectus.nativecore.ProcessIdentity;
import org.praefectus.nativecore.RecordedObservation;
import org.praefectus.nativecore.TargetAdmission;

/**
 * The fence of a semantic target, checked at resolution and again at dispatch: the core's admission (the
 * observation is ours and current, the display topology), then the process and its generation, the window (same number, owner and
 * bounds), the host opt-ins applied now, the index path through {@link AxTraversal} and two live reads of
 * the element's fingerprint all match what was observed. Every refusal is before any effect.
 */
final class MacResolver {

    private final AxApi ax;
    private final QuartzApi quartz;
    private final QuartzDisplays displays;
    private final ProcessIdentity processes;
    private final MacObserver observer;
    private final HostOptIns optIns;
    private final LongSupplier clock;

    MacResolver(
            AxApi ax,
            QuartzApi quartz,
            ProcessIdentity processes,
            MacObserver observer,
            HostOptIns optIns,
            LongSupplier clock) {
        this.ax = ax;
        this.quartz = quartz;
        this.displays = new QuartzDisplays(quartz);
        this.processes = processes;
        this.observer = observer;
        this.optIns = optIns;
        this.clock = clock;
    }

    LiveElement resolve(SemanticTargetRef target, CancellationToken cancellation, long deadlineAtMs)
            throws ExecutorException {
        cancellation.checkBoundary(deadlineAtMs);
        RecordedObservation<MacWindow, ElementPath> record = observer.recorded(target.observationId());
        ElementPath recorded = TargetAdmission.admit(record, target, clock.getAsLong(), displays.topology());
        WindowInfo observed = record.window().info();
        processes.require(observed.processId(), record.window().processGeneration());
        WindowInfo live = null;
        for (WindowInfo window : quartz.windows()) {
            if (window.number() == observed.number()) {
                live = window;
            }
        }
        if (live == null) {
            throw new ExecutorException(ExecutorFailure.TARGET_NOT_FOUND, "window closed");
        }
        if (live.processId() != observed.processId() || !observed.bounds().equals(live.bounds())) {
            throw stale("window changed");
        }
        AxElement application = ax.application(observed.processId());
        List<String> applied = optIns.apply(ax, application);
        if (!applied.equals(record.observation().provenance().hostOptIns())) {
            throw stale("host accessibility opt-ins changed");
        }
        cancellation.checkBoundary(deadlineAtMs);
        AxElement window = new MacWindow(live, record.window().processGeneration()).axWindow(ax, application);
        AxElement element = observer.traversal().resolve(window, recorded.path());
        if (element == null) {
            throw new ExecutorException(ExecutorFailure.TARGET_NOT_FOUND, "element no longer exists");
        }
        ElementFacts first = ElementFacts.read(ax, element);
        ElementFacts second = ElementFacts.read(ax, element);
        if (!first.fingerprint().equals(recorded.fingerprint())) {
            throw stale("element fingerprint changed");
        }
        if (!second.fingerprint().equals(first.fingerprint())) {
            throw stale("element is unstable");
        }
        cancellation.checkBoundary(deadlineAtMs);
        return new LiveElement(element, application, second, record);
    }

    private static ExecutorException stale(String message) {
        return TargetAdmission.stale(message);
    }
}
