package org.praefectus.linux.executor;

import org.praefectus.api.canonical.CanonicalJson;
import org.praefectus.api.canonical.JsonValue;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.executor.ExecutorFailure;
import org.praefectus.linux.atspi.AccessibleNode;
import org.praefectus.linux.atspi.ApplicationTree;
import org.praefectus.linux.atspi.AtspiObject;
import org.praefectus.linux.atspi.AtspiState;
import org.praefectus.linux.x11.DesktopSample;
import org.praefectus.linux.x11.X11Refusal;

/**
 * The shared-desktop sentinel: the X foreground window and process, keyboard focus and pointer
 * ({@code _NET_ACTIVE_WINDOW}, {@code XGetInputFocus}, {@code XQueryPointer}) plus the accessibility focus
 * (the one focused object of the foreground process, from its live cache). Sampled twice and compared; any
 * difference or missing part makes the sample unavailable, which the engine treats as a context change.
 */
final class ContextSentinel {

    private final DesktopConnections connections;

    ContextSentinel(DesktopConnections connections) {
        this.connections = connections;
    }

    String hash(CancellationToken cancellation, long deadlineAtMs) throws ExecutorException {
        JsonValue first = sample(cancellation, deadlineAtMs);
        JsonValue second = sample(cancellation, deadlineAtMs);
        if (!first.equals(second)) {
            throw unavailable("the desktop changed while sampled");
        }
        return CanonicalJson.hash(second);
    }

    private JsonValue sample(CancellationToken cancellation, long deadlineAtMs) throws ExecutorException {
        DesktopSample x11;
        try {
            x11 = connections.display().session().sample();
        } catch (X11Refusal refused) {
            throw unavailable("the X11 foreground cannot be read (" + refused.getMessage() + ")");
        }
        ApplicationTree foreground = null;
        for (ApplicationTree application :
                connections.accessibility().desktop().applications(cancellation, deadlineAtMs)) {
            if (application.processId() == x11.foregroundProcessId()) {
                if (foreground != null) {
                    throw unavailable("the foreground process has several accessible applications");
                }
                foreground = application;
            }
        }
        if (foreground == null || !foreground.processGeneration().equals(x11.foregroundProcessGeneration())) {
            throw unavailable("the foreground window has no accessible application");
        }
        AtspiObject activeWindow = null;
        AtspiObject focused = null;
        for (AccessibleNode window : foreground.topLevels()) {
            if (window.state().has(AtspiState.ACTIVE) && window.state().visible()) {
                if (activeWindow != null) {
                    throw unavailable("the foreground application has several active windows");
                }
                activeWindow = window.object();
            }
        }
        if (activeWindow == null) {
            throw unavailable("the foreground application has no active window");
        }
        for (AccessibleNode node : foreground.nodes().values()) {
            if (node.state().has(AtspiState.FOCUSED) && foreground.isWithin(node.object(), activeWindow)) {
                if (focused != null) {
                    throw unavailable("the active window has several focused objects");
                }
                focused = node.object();
            }
        }
        return JsonValue.JsonObject.builder()
                .put("x11", x11.json())
                .put(
                        "accessibility",
                        JsonValue.JsonObject.builder()
                                .put("window", activeWindow.id())
                                .put("focused", focused == null ? null : focused.id())
                                .put("process_id", foreground.processId())
                                .put("process_generation", foreground.processGeneration())
                                .build())
                .build();
    }

    private static ExecutorException unavailable(String reason) {
        return new ExecutorException(ExecutorFailure.UNAVAILABLE, "desktop state is unavailable: " + reason);
    }
}
