package org.praefectus.macos.executor;

import java.util.List;
import org.praefectus.api.canonical.CanonicalJson;
import org.praefectus.api.canonical.JsonValue;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.executor.ExecutorFailure;
import org.praefectus.macos.ax.AxApi;
import org.praefectus.macos.ax.AxElement;
import org.praefectus.macos.ax.AxValue;
import org.praefectus.macos.quartz.QuartzApi;
import org.praefectus.macos.quartz.WindowInfo;

/**
 * The shared-desktop sentinel: the frontmost application window (Quartz's front-to-back order: owner, its
 * generation, window number), the focused application, its focused window and focused element (their
 * facts' fingerprints) and the pointer. Sampled twice; a difference or a missing part is unavailable, and
 * the engine turns a change across the dispatch into {@code outcome_unknown}.
 */
final class ContextSentinel {

    private final AxApi ax;
    private final QuartzApi quartz;

    ContextSentinel(AxApi ax, QuartzApi quartz) {
        this.ax = ax;
        this.quartz = quartz;
    }

    String hash(CancellationToken cancellation, long deadlineAtMs) throws ExecutorException {
        JsonValue first = sample();
        cancellation.checkBoundary(deadlineAtMs);
        JsonValue second = sample();
        if (!first.equals(second)) {
            throw unavailable("the desktop changed while sampled");
        }
        return CanonicalJson.hash(second);
    }

    private JsonValue sample() throws ExecutorException {
        List<WindowInfo> windows = MacWindow.applicationWindows(quartz.windows());
        if (windows.isEmpty()) {
            throw unavailable("no application window is on screen");
        }
        WindowInfo front = windows.get(0);
        String generation;
        try {
            generation = ProcessIdentity.generation(quartz, front.processId());
        } catch (ExecutorException exited) {
            throw unavailable("the frontmost window's process cannot be identified");
        }
        AxElement system = ax.systemWide();
        if (!(ax.attribute(system, "AXFocusedApplication") instanceof AxValue.Element focusedApplication)) {
            throw unavailable("the focused application cannot be read");
        }
        long focusedProcess = ax.processId(focusedApplication.element());
        if (focusedProcess <= 0) {
            throw unavailable("the focused application cannot be read");
        }
        JsonValue focusedWindow =
                ax.attribute(focusedApplication.element(), "AXFocusedWindow") instanceof AxValue.Element window
                        ? new JsonValue.JsonString(
                                ElementFacts.read(ax, window.element()).fingerprint())
                        : JsonValue.NULL;
        JsonValue focusedElement = ax.attribute(system, "AXFocusedUIElement") instanceof AxValue.Element element
                ? new JsonValue.JsonString(
                        ElementFacts.read(ax, element.element()).fingerprint())
                : JsonValue.NULL;
        double[] pointer = quartz.pointer();
        if (pointer == null || pointer.length != 2) {
            throw unavailable("the pointer cannot be read");
        }
        return new JsonValue.JsonArray(List.of(
                JsonValue.JsonNumber.of(front.processId()),
                new JsonValue.JsonString(generation),
                JsonValue.JsonNumber.of(front.number()),
                JsonValue.JsonNumber.of(focusedProcess),
                focusedWindow,
                focusedElement,
                JsonValue.JsonNumber.of(Math.round(pointer[0])),
                JsonValue.JsonNumber.of(Math.round(pointer[1]))));
    }

    private static ExecutorException unavailable(String reason) {
        return new ExecutorException(ExecutorFailure.UNAVAILABLE, "desktop state is unavailable: " + reason);
    }
}
