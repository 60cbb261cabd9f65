package org.praefectus.windows.executor;

import java.util.ArrayList;
import java.util.List;
import java.util.function.LongSupplier;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.executor.ExecutorFailure;
import org.praefectus.api.protocol.SemanticTargetRef;
import org.praefectus.nativecore.ProcessIdentity;
import org.praefectus.nativecore.RecordedObservation;
import org.praefectus.nativecore.TargetAdmission;
import org.praefectus.windows.uia.TopLevelWindow;
import org.praefectus.windows.uia.UiaApi;
import org.praefectus.windows.uia.UiaNode;

/**
 * The fence of a semantic target at resolution and again at dispatch: the core's admission (our current
 * observation, the monitors and DPI), then the process and its creation time, the window (same HWND, owner, class and bounds, still visible),
 * exactly one element with the recorded runtime id, and two reads of its fingerprint equal to the observed one.
 */
final class UiaResolver {

    private final UiaApi uia;
    private final GdiScreen screen;
    private final ProcessIdentity processes;
    private final UiaObserver observer;
    private final LongSupplier clock;

    UiaResolver(UiaApi uia, ProcessIdentity processes, UiaObserver observer, LongSupplier clock) {
        this.uia = uia;
        this.screen = new GdiScreen(uia);
        this.processes = processes;
        this.observer = observer;
        this.clock = clock;
    }

    LiveNode resolve(SemanticTargetRef target, CancellationToken cancellation, long deadlineAtMs)
            throws ExecutorException {
        cancellation.checkBoundary(deadlineAtMs);
        RecordedObservation<WindowsWindow, RuntimeIdPath> record = observer.recorded(target.observationId());
        RuntimeIdPath recorded = TargetAdmission.admit(record, target, clock.getAsLong(), screen.topology());
        TopLevelWindow observed = record.window().info();
        processes.require(observed.processId(), record.window().processGeneration());
        TopLevelWindow live = null;
        for (TopLevelWindow window : uia.topLevelWindows()) {
            if (window.handle() == observed.handle()) {
                live = window;
            }
        }
        if (live == null || live.minimized()) {
            throw new ExecutorException(ExecutorFailure.TARGET_NOT_FOUND, "window closed or hidden");
        }
        if (live.processId() != observed.processId()
                || !observed.bounds().equals(live.bounds())
                || !java.util.Objects.equals(observed.className(), live.className())) {
            throw stale("window changed");
        }
        cancellation.checkBoundary(deadlineAtMs);
        UiaNode tree = uia.tree(observed.handle(), UiaObserver.MAX_ELEMENTS + 1)
                .orElseThrow(() -> new ExecutorException(ExecutorFailure.TARGET_NOT_FOUND, "window closed"));
        List<UiaNode> matches = new ArrayList<>();
        UiaNode node = UiaObserver.find(tree, recorded.runtimeId(), matches);
        if (matches.isEmpty()) {
            throw new ExecutorException(ExecutorFailure.TARGET_NOT_FOUND, "element no longer exists");
        }
        if (node == null) {
            throw stale("element is ambiguous");
        }
        if (!NodeFacts.fingerprint(node).equals(recorded.fingerprint())) {
            throw stale("element fingerprint changed");
        }
        UiaNode again = uia.refresh(node.element())
                .orElseThrow(() -> new ExecutorException(ExecutorFailure.TARGET_NOT_FOUND, "element no longer exists"));
        if (!again.runtimeId().equals(node.runtimeId())
                || !NodeFacts.fingerprint(again).equals(recorded.fingerprint())) {
            throw stale("element is unstable");
        }
        cancellation.checkBoundary(deadlineAtMs);
        return new LiveNode(again, record);
    }

    private static ExecutorException stale(String message) {
        return TargetAdmission.stale(message);
    }
}
