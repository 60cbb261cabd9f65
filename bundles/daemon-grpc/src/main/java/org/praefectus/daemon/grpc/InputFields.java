package org.praefectus.daemon.grpc;

import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import java.util.Locale;
import java.util.Set;
import org.praefectus.api.desktop.ClipboardRestore;
import org.praefectus.api.desktop.ElementScope;
import org.praefectus.api.desktop.InputLimits;
import org.praefectus.api.protocol.MouseButton;
import org.praefectus.api.protocol.RequestValidation;
import org.praefectus.api.selector.Selector;
import org.praefectus.api.selector.SelectorException;
import org.praefectus.daemon.grpc.v1.Point;
import org.praefectus.daemon.grpc.v1.Rect;

/**
 * The field readers {@link InputRequests} shares between the six input messages: each value checked against what
 * the desktop service and the protocol accept, or refused {@code INVALID_ARGUMENT} naming the field or value.
 */
final class InputFields {

    /** The backend this daemon's input verbs run on, as {@code ActionResponse.backend_name} names it. */
    static final String ENGINE = "praefectus";

    private static final Set<String> BACKENDS = Set.of("auto", ENGINE);

    private InputFields() {}

    /** A backend field: absent, {@code auto} or this daemon's engine; any other value is refused by name. */
    static void backend(String field, String value) {
        if (value != null && !BACKENDS.contains(value.toLowerCase(Locale.ROOT))) {
            throw Status.INVALID_ARGUMENT
                    .withDescription("unsupported_backend: " + field + " '" + value
                            + "' is not a backend of this daemon, which delivers input through its engine (auto or "
                            + ENGINE + "); nothing was done")
                    .asRuntimeException();
        }
    }

    /** PeekabooX's {@code bounds_policy}: {@code clamp} onto the nearest display, or {@code fail} (the default). */
    static boolean clamp(String message, String policy) {
        try {
            return InputLimits.clamps(policy);
        } catch (IllegalArgumentException e) {
            throw invalid(message + "." + e.getMessage());
        }
    }

    /** Both halves of a ratio, each from 0 to 1, or neither ({@code null}). */
    static double[] ratio(String name, boolean hasX, float x, boolean hasY, float y) {
        if (hasX != hasY) {
            throw invalid(name + "_x and " + name + "_y go together");
        }
        if (!hasX) {
            return null;
        }
        if (!(x >= 0 && x <= 1 && y >= 0 && y <= 1)) {
            throw invalid(name + "_x and " + name + "_y are from 0 to 1");
        }
        return new double[] {x, y};
    }

    /** A region and window fields say where a ratio lies, so they come only with one (and not both at once). */
    static void aimedByRatio(String message, double[] ratio, boolean hasRegion, ElementScope scope) {
        boolean scoped = !scope.equals(ElementScope.ALL);
        if (ratio == null && (hasRegion || scoped)) {
            throw invalid(message + ".region and its window fields say where a ratio lies: give the ratio");
        }
        if (hasRegion && scoped) {
            throw invalid(message + " takes a region or window fields for its ratio, not both");
        }
    }

    static void exactlyOne(String rule, boolean... aims) {
        int given = 0;
        for (boolean aim : aims) {
            given += aim ? 1 : 0;
        }
        if (given != 1) {
            throw invalid(rule + ", exactly one");
        }
    }

    static ElementScope scope(String app, String windowTitle, String windowId) {
        return new ElementScope(app, windowTitle, windowId);
    }

    static MouseButton button(String field, int value) {
        return switch (value) {
            case org.praefectus.daemon.grpc.v1.MouseButton.MOUSE_BUTTON_UNSPECIFIED_VALUE,
                    org.praefectus.daemon.grpc.v1.MouseButton.MOUSE_BUTTON_LEFT_VALUE -> MouseButton.LEFT;
            case org.praefectus.daemon.grpc.v1.MouseButton.MOUSE_BUTTON_MIDDLE_VALUE -> MouseButton.MIDDLE;
            case org.praefectus.daemon.grpc.v1.MouseButton.MOUSE_BUTTON_RIGHT_VALUE -> MouseButton.RIGHT;
            default -> throw invalid(field + " " + value + " is not a button: left, middle or right");
        };
    }

    static ClipboardRestore restorePolicy(String policy) {
        try {
            return InputLimits.restorePolicy(policy);
        } catch (IllegalArgumentException e) {
            throw invalid("PasteTextRequest." + e.getMessage());
        }
    }

    static Long duration(long value) {
        return bounded("duration_ms", value, 0, RequestValidation.MAX_PATH_DURATION_MS);
    }

    static Long steps(long value) {
        return bounded("steps", value, 1, RequestValidation.MAX_PATH_STEPS);
    }

    static int delay(String field, boolean given, long value) {
        return given ? (int) bounded(field, value, 0, InputLimits.MAX_PAUSE_MS) : 0;
    }

    /** An unsigned protobuf number within bounds ({@code uint64} arrives as a possibly negative {@code long}). */
    static long bounded(String field, long value, long min, long max) {
        if (value < min || value > max) {
            throw invalid(field + " is from " + min + " to " + max);
        }
        return value;
    }

    static String text(String text) {
        if (!InputLimits.textFits(text)) {
            throw invalid("the text is longer than 64 KiB");
        }
        return text;
    }

    static Selector selector(String text) {
        try {
            return Selector.parse(text);
        } catch (SelectorException e) {
            throw Status.INVALID_ARGUMENT
                    .withDescription(e.code() + ": " + e.getMessage())
                    .asRuntimeException();
        }
    }

    static long[] point(Point point) {
        return new long[] {point.getX(), point.getY()};
    }

    static org.praefectus.api.protocol.Rect rect(Rect rect) {
        if (rect.getWidth() <= 0 || rect.getHeight() <= 0) {
            throw invalid("a region has a positive width and height");
        }
        return new org.praefectus.api.protocol.Rect(rect.getX(), rect.getY(), rect.getWidth(), rect.getHeight());
    }

    static StatusRuntimeException invalid(String message) {
        return Status.INVALID_ARGUMENT
                .withDescription("invalid_request: " + message)
                .asRuntimeException();
    }

    static StatusRuntimeException unsupported(String field, String why) {
        return Status.INVALID_ARGUMENT
                .withDescription("unsupported_field: " + field + " is not implemented by this daemon (" + why
                        + "); nothing was done")
                .asRuntimeException();
    }
}
