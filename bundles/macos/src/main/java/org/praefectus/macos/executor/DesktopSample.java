package org.praefectus.macos.executor;

import java.util.List;
import org.praefectus.api.canonical.JsonValue;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.macos.ax.AxApi;
import org.praefectus.macos.ax.AxElement;
import org.praefectus.macos.ax.AxValue;
import org.praefectus.macos.quartz.QuartzApi;
import org.praefectus.macos.quartz.WindowInfo;
import org.praefectus.nativecore.ContextSentinel;
import org.praefectus.nativecore.ProcessIdentity;

/**
 * The macOS sample of the shared-desktop sentinel ({@link ContextSentinel}): the frontmost application window
 * (Quartz's front-to-back order: owner, its generation, window number), the focused application, its focused
 * window and focused element (their facts' fingerprints) and the pointer.
 */
final class DesktopSample implements ContextSentinel.Sample {

    private final AxApi ax;
    private final QuartzApi quartz;
    private final ProcessIdentity processes;

    DesktopSample(AxApi ax, QuartzApi quartz, ProcessIdentity processes) {
        this.ax = ax;
        this.quartz = quartz;
        this.processes = processes;
    }

    @Override
    public JsonValue take() throws ExecutorException {
        List<WindowInfo> windows = MacWindow.applicationWindows(quartz.windows());
        if (windows.isEmpty()) {
            throw unavailable("no application window is on screen");
        }
        WindowInfo front = windows.get(0);
        String generation;
        try {
            generation = processes.generation(front.processId());
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
        return ContextSentinel.unavailable(reason);
    }
}
