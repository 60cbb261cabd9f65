package org.praefectus.bridge.http;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.praefectus.bridge.run.ApiException;

/**
 * The query string as the bridge reads it: {@code name=value} pairs separated by {@code &}, form-decoded
 * ({@code +} is a space, invalid UTF-8 is replaced). A malformed percent escape ({@code %zz}, a lone {@code %})
 * is a 400 {@code validation_error}: the JDK's decoder throws an unchecked exception for it, which the guard
 * and the routes answered with a 500.
 */
final class QueryString {

    private QueryString() {}

    /** The decoded names of every pair, in order; empty for a missing or empty query string. */
    static List<String> names(String raw) throws ApiException {
        List<String> names = new ArrayList<>();
        if (raw == null || raw.isEmpty()) {
            return names;
        }
        for (String pair : raw.split("&")) {
            names.add(decode(nameOf(pair)));
        }
        return names;
    }

    /** The first value of {@code wanted} ({@code ""} when it has no {@code =}), or null when it is absent. */
    static String value(String raw, String wanted) throws ApiException {
        if (raw == null || raw.isEmpty()) {
            return null;
        }
        for (String pair : raw.split("&")) {
            if (decode(nameOf(pair)).equals(wanted)) {
                int eq = pair.indexOf('=');
                return eq < 0 ? "" : decode(pair.substring(eq + 1));
            }
        }
        return null;
    }

    private static String nameOf(String pair) {
        int eq = pair.indexOf('=');
        return eq < 0 ? pair : pair.substring(0, eq);
    }

    private static String decode(String text) throws ApiException {
        try {
            return URLDecoder.decode(text, StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            throw new ApiException(400, "validation_error", "The query string has a malformed percent escape.");
        }
    }
}
