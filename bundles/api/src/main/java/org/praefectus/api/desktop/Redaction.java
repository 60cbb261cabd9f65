package org.praefectus.api.desktop;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Protocol objects as a surface may show them: every typed or pasted text and every set value replaced by its
 * length. No hash of the text is shown: an unkeyed hash of a PIN or a dictionary word gives the word back.
 */
public final class Redaction {

    private Redaction() {}

    /** A plain JSON value (maps, lists, scalars) with each {@code text} and {@code value} string replaced. */
    public static Object plain(Object plain) {
        if (plain instanceof Map<?, ?> map) {
            Map<String, Object> copy = new LinkedHashMap<>();
            for (Map.Entry<?, ?> entry : map.entrySet()) {
                String key = String.valueOf(entry.getKey());
                Object value = entry.getValue();
                if ((key.equals("text") || key.equals("value")) && value instanceof String text) {
                    Map<String, Object> hidden = new LinkedHashMap<>();
                    hidden.put("redacted", true);
                    hidden.put("length", text.codePointCount(0, text.length()));
                    copy.put(key, hidden);
                } else {
                    copy.put(key, plain(value));
                }
            }
            return copy;
        }
        if (plain instanceof List<?> list) {
            return list.stream().map(Redaction::plain).toList();
        }
        return plain;
    }
}
