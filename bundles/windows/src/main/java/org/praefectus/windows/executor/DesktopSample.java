package org.praefectus.windows.executor;

import java.util.List;
import org.praefectus.api.canonical.JsonValue;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.nativecore.ContextSentinel;
import org.praefectus.nativecore.ProcessIdentity;
import org.praefectus.windows.uia.TopLevelWindow;
import org.praefectus.windows.uia.UiaApi;

/**
 * The Windows sample of the shared-desktop sentinel ({@link ContextSentinel}): the foreground window (HWND, owner, owner generation), the UIA keyboard focus
 * (runtime id) and the cursor position.
 */
final class DesktopSample implements ContextSentinel.Sample {

    private final UiaApi uia;
    private final ProcessIdentity processes;

    DesktopSample(UiaApi uia, ProcessIdentity processes) {
        this.uia = uia;
        this.processes = processes;
    }

    @Override
    public JsonValue take() throws ExecutorException {
        long foreground = uia.foregroundWindow();
        TopLevelWindow window = null;
        for (TopLevelWindow candidate : uia.topLevelWindows()) {
            if (candidate.handle() == foreground) {
                window = candidate;
            }
        }
        if (foreground == 0 || window == null) {
            throw unavailable("the foreground window cannot be read");
        }
        String generation;
        try {
            generation = processes.generation(window.processId());
        } catch (ExecutorException exited) {
            throw unavailable("the foreground window's process cannot be identified");
        }
        String focused = uia.focusedRuntimeId();
        long[] cursor = uia.cursor();
        if (focused == null || cursor == null || cursor.length != 2) {
            throw unavailable("the keyboard focus or the cursor cannot be read");
        }
        return new JsonValue.JsonArray(List.of(
                JsonValue.JsonNumber.of(foreground),
                JsonValue.JsonNumber.of(window.processId()),
                new JsonValue.JsonString(generation),
                new JsonValue.JsonString(focused),
                JsonValue.JsonNumber.of(cursor[0]),
                JsonValue.JsonNumber.of(cursor[1])));
    }

    private static ExecutorException unavailable(String reason) {
        return ContextSentinel.unavailable(reason);
    }
}
