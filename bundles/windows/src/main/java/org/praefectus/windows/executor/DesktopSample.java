package org.praefectus.windows.executor;

import java.util.List;
import org.praefectus.api.canonical.CanonicalJson;
import org.praefectus.api.canonical.JsonValue;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.executor.ExecutorFailure;
import org.praefectus.windows.uia.TopLevelWindow;
import org.praefectus.windows.uia.UiaApi;

/**
 * The shared-desktop sentinel: the foreground window (HWND, owner, owner generation), the UIA keyboard focus
 * (runtime id) and the cursor position. Sampled twice; a difference or a missing part is unavailable.
 */
final class ContextSentinel {

    private final UiaApi uia;

    ContextSentinel(UiaApi uia) {
        this.uia = uia;
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
            generation = ProcessIdentity.generation(uia, window.processId());
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
        return new ExecutorException(ExecutorFailure.UNAVAILABLE, "desktop state is unavailable: " + reason);
    }
}
