package org.praefectus.daemon.ipc;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import org.praefectus.api.text.CallerText;

/**
 * The fields of one socket request, read by name and type. What a method does not read is refused by
 * {@link #noneLeft()}: a field this daemon does not implement is an error naming it, never silently dropped, so a
 * request is never acted on in part. A JSON {@code null} is a field not given.
 */
final class RequestFields {

    private final String method;
    private final JsonNode params;
    private final Set<String> read = new HashSet<>();

    RequestFields(String method, JsonNode params) throws IpcException {
        if (params != null && !params.isMissingNode() && !params.isNull() && !params.isObject()) {
            throw IpcException.invalid("params must be an object");
        }
        this.method = method;
        this.params = params == null || !params.isObject() ? Replies.JSON.createObjectNode() : params;
    }

    boolean has(String name) {
        read.add(name);
        JsonNode value = params.get(name);
        return value != null && !value.isNull();
    }

    /** The field's JSON value as it is, or {@code null}. */
    JsonNode node(String name) {
        return has(name) ? params.get(name) : null;
    }

    String text(String name) throws IpcException {
        if (!has(name)) {
            return null;
        }
        JsonNode value = params.get(name);
        if (!value.isTextual()) {
            throw invalid(name, "a string");
        }
        return value.asText();
    }

    String requiredText(String name) throws IpcException {
        String value = text(name);
        if (value == null) {
            throw IpcException.invalid(method + " needs the field " + name);
        }
        return value;
    }

    boolean flag(String name) throws IpcException {
        if (!has(name)) {
            return false;
        }
        JsonNode value = params.get(name);
        if (!value.isBoolean()) {
            throw invalid(name, "true or false");
        }
        return value.asBoolean();
    }

    /** An integer within {@code min..max}, or {@code null}. */
    Long integer(String name, long min, long max) throws IpcException {
        if (!has(name)) {
            return null;
        }
        JsonNode value = params.get(name);
        if (!value.canConvertToExactIntegral() || value.asLong() < min || value.asLong() > max) {
            throw invalid(name, "an integer from " + min + " to " + max);
        }
        return value.asLong();
    }

    int integer(String name, int fallback, int min, int max) throws IpcException {
        Long value = integer(name, min, max);
        return value == null ? fallback : value.intValue();
    }

    /** A number within {@code min..max}, or {@code null}. */
    Double number(String name, double min, double max) throws IpcException {
        if (!has(name)) {
            return null;
        }
        JsonNode value = params.get(name);
        if (!value.isNumber() || value.asDouble() < min || value.asDouble() > max) {
            throw invalid(name, "a number from " + min + " to " + max);
        }
        return value.asDouble();
    }

    /** Two integer fields that go together ({@code x} and {@code y}), or {@code null} when neither is given. */
    long[] pair(String first, String second) throws IpcException {
        Long a = integer(first, Integer.MIN_VALUE, Integer.MAX_VALUE);
        Long b = integer(second, Integer.MIN_VALUE, Integer.MAX_VALUE);
        if ((a == null) != (b == null)) {
            throw IpcException.invalid("the fields " + first + " and " + second + " go together");
        }
        return a == null ? null : new long[] {a, b};
    }

    /** Two fractions that go together ({@code ratio_x} and {@code ratio_y}), or {@code null}. */
    double[] ratio(String first, String second) throws IpcException {
        Double a = number(first, 0, 1);
        Double b = number(second, 0, 1);
        if ((a == null) != (b == null)) {
            throw IpcException.invalid("the fields " + first + " and " + second + " go together");
        }
        return a == null ? null : new double[] {a, b};
    }

    /** A point given as {@code {"x":…,"y":…}} or {@code [x, y]}, or {@code null}. */
    long[] point(String name) throws IpcException {
        if (!has(name)) {
            return null;
        }
        JsonNode value = params.get(name);
        if (value.isObject()
                && value.path("x").canConvertToExactIntegral()
                && value.path("y").canConvertToExactIntegral()
                && value.size() == 2) {
            return new long[] {value.get("x").asLong(), value.get("y").asLong()};
        }
        if (value.isArray()
                && value.size() == 2
                && value.get(0).canConvertToExactIntegral()
                && value.get(1).canConvertToExactIntegral()) {
            return new long[] {value.get(0).asLong(), value.get(1).asLong()};
        }
        throw invalid(name, "a point {\"x\":int,\"y\":int}");
    }

    /** A rectangle {@code {"x","y","width","height"}} with a positive size, or {@code null}. */
    long[] rect(String name) throws IpcException {
        if (!has(name)) {
            return null;
        }
        return rect(name, params.get(name));
    }

    /** A list of rectangles, or an empty list. */
    List<long[]> rects(String name) throws IpcException {
        if (!has(name)) {
            return List.of();
        }
        JsonNode value = params.get(name);
        if (!value.isArray()) {
            throw invalid(name, "a list of rectangles {\"x\",\"y\",\"width\",\"height\"}");
        }
        List<long[]> rects = new ArrayList<>();
        for (JsonNode rect : value) {
            rects.add(rect(name, rect));
        }
        return rects;
    }

    private long[] rect(String name, JsonNode value) throws IpcException {
        String[] keys = {"x", "y", "width", "height"};
        long[] rect = new long[4];
        for (int i = 0; i < 4; i++) {
            if (!value.path(keys[i]).canConvertToExactIntegral()) {
                throw invalid(name, "a rectangle {\"x\",\"y\",\"width\",\"height\"}");
            }
            rect[i] = value.get(keys[i]).asLong();
        }
        if (rect[2] <= 0 || rect[3] <= 0 || value.size() != 4) {
            throw invalid(name, "a rectangle {\"x\",\"y\",\"width\",\"height\"} with a positive size");
        }
        return rect;
    }

    /** A list of strings, or a single string split at {@code +} ({@code "ctrl+s"}), or an empty list. */
    List<String> words(String name, String separator) throws IpcException {
        if (!has(name)) {
            return List.of();
        }
        JsonNode value = params.get(name);
        List<String> words = new ArrayList<>();
        if (value.isTextual()) {
            words.addAll(List.of(value.asText().split(java.util.regex.Pattern.quote(separator), -1)));
        } else if (value.isArray()) {
            for (JsonNode word : value) {
                if (!word.isTextual()) {
                    throw invalid(name, "a list of strings");
                }
                words.add(word.asText());
            }
        } else {
            throw invalid(name, "a list of strings");
        }
        return words;
    }

    /** Refuses the fields no reader asked for, naming the first. */
    void noneLeft() throws IpcException {
        Iterator<String> names = params.fieldNames();
        while (names.hasNext()) {
            String name = names.next();
            if (!read.contains(name) && !params.get(name).isNull()) {
                throw new IpcException(
                        "unsupported_field",
                        method + " does not implement the field " + CallerText.shown(name) + ": nothing was done");
            }
        }
    }

    private IpcException invalid(String name, String expected) {
        return IpcException.invalid("the field " + name + " of " + method + " must be " + expected);
    }
}
