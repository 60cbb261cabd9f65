package org.praefectus.mcp.host;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.util.Map;
import java.util.TreeMap;
import org.praefectus.api.canonical.Sha256;
import org.praefectus.api.text.CallerText;

/** Reading a tool's arguments: each bad one is an {@link InvalidArgument} naming it, never showing its value. */
public final class ToolArguments {

    private static final ObjectMapper CANONICAL =
            new ObjectMapper().configure(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS, true);

    private ToolArguments() {}

    static int number(Object value) {
        if (value instanceof Integer || value instanceof Long || value instanceof Short) {
            return Math.toIntExact(((Number) value).longValue());
        }
        throw new InvalidArgument("expected an integer");
    }

    static int intArgument(Map<String, Object> args, String name, int fallback, int min, int max) {
        Object value = args.get(name);
        if (value == null) {
            return fallback;
        }
        int n;
        try {
            n = number(value);
        } catch (RuntimeException e) {
            throw new InvalidArgument(name + " must be an integer");
        }
        if (n < min || n > max) {
            throw new InvalidArgument(name + " must be between " + min + " and " + max);
        }
        return n;
    }

    static String stringArgument(Map<String, Object> args, String name, boolean required) {
        Object value = args.get(name);
        if (value == null) {
            if (required) {
                throw new InvalidArgument(name + " is required");
            }
            return null;
        }
        if (!(value instanceof String text) || text.isEmpty() || text.length() > 4_096) {
            throw new InvalidArgument(name + " must be a non-empty string");
        }
        return text;
    }

    /**
     * The {@code format} a workflow is written in: {@code json} or {@code yaml}, the two the workflow service writes;
     * {@code null} when absent (the file name's suffix decides).
     */
    static String workflowFormat(Map<String, Object> args) {
        String format = stringArgument(args, "format", false);
        if (format != null && !format.equals("json") && !format.equals("yaml")) {
            throw new InvalidArgument("format is json or yaml");
        }
        return format;
    }

    /** A point as fractions of a rectangle: {@code [x, y]}, each between 0 and 1; {@code null} when absent. */
    static double[] ratioArgument(Map<String, Object> args, String name) {
        Object value = args.get(name);
        if (value == null) {
            return null;
        }
        if (value instanceof java.util.List<?> list
                && list.size() == 2
                && list.get(0) instanceof Number x
                && list.get(1) instanceof Number y) {
            double[] ratio = {x.doubleValue(), y.doubleValue()};
            if (ratio[0] >= 0 && ratio[0] <= 1 && ratio[1] >= 0 && ratio[1] <= 1) {
                return ratio;
            }
        }
        throw new InvalidArgument(name + " must be [x, y], each a fraction between 0 and 1");
    }

    static boolean boolArgument(Map<String, Object> args, String name) {
        Object value = args.get(name);
        if (value == null) {
            return false;
        }
        if (!(value instanceof Boolean b)) {
            throw new InvalidArgument(name + " must be a boolean");
        }
        return b;
    }

    /** Refuses an argument the tool does not take, by its printable name. */
    static void onlyArguments(String tool, Map<String, Object> args, java.util.Set<String> taken) {
        for (String given : args.keySet()) {
            if (!taken.contains(given)) {
                throw new InvalidArgument(tool + " takes no argument " + CallerText.shown(given));
            }
        }
    }

    /** The windows {@code app}, {@code window_title} and {@code window_id} name (all absent: every window). */
    static org.praefectus.api.desktop.ElementScope windowScope(Map<String, Object> args) {
        return new org.praefectus.api.desktop.ElementScope(
                stringArgument(args, "app", false),
                stringArgument(args, "window_title", false),
                stringArgument(args, "window_id", false));
    }

    /** An operation id as a caller may choose it, or {@code null} when absent. */
    static String operationId(Map<String, Object> args) {
        String operationId = stringArgument(args, "operation_id", false);
        if (operationId != null && !operationId.matches("[A-Za-z0-9._:-]{1,128}")) {
            throw new InvalidArgument("operation_id must be 1-128 characters of letters, digits, . _ : -");
        }
        return operationId;
    }

    /**
     * A hash of the tool and every argument except the operation id: identical calls have identical
     * fingerprints, so a repeated operation id is a replay only for the same call.
     */
    static String fingerprint(String tool, Map<String, Object> args) {
        Map<String, Object> copy = new TreeMap<>(args);
        copy.remove("operation_id");
        copy.put("\u0000tool", tool);
        try {
            return Sha256.hex(CANONICAL.writeValueAsBytes(copy));
        } catch (JsonProcessingException e) {
            throw new InvalidArgument("arguments must be JSON values");
        }
    }

    /**
     * Bad tool arguments; the message is a fixed text naming the argument, never its value. The code is
     * {@code invalid_arguments}, or the more precise code every surface gives the same mistake
     * ({@code invalid_selector}).
     */
    static final class InvalidArgument extends RuntimeException {
        private static final long serialVersionUID = 1L;

        private final String code;

        InvalidArgument(String message) {
            this("invalid_arguments", message);
        }

        InvalidArgument(String code, String message) {
            super(message, null, false, false);
            this.code = code;
        }

        String code() {
            return code;
        }
    }
}
