package org.praefectus.bridge.adapter;

import java.util.Locale;

/**
 * Classifies the error texts both CLIs print (facts in the contract's agent-clis.md). Used only after the
 * structured fields (event types, {@code is_error}, {@code subtype}, {@code api_error_status}) have been
 * consulted.
 */
final class ErrorText {

    private ErrorText() {}

    static boolean auth(String text) {
        String t = lower(text);
        return t.contains("401 unauthorized")
                || t.contains("missing bearer")
                || t.contains("refresh token")
                || t.contains("please log out and sign in again")
                || t.contains("upgrade to plus")
                || t.contains("/login")
                || t.contains("not logged in")
                || t.contains("invalid api key")
                || t.contains("failed to authenticate")
                || t.contains("oauth token has expired");
    }

    static boolean budget(String text) {
        String t = lower(text);
        return t.contains("usage limit")
                || t.contains("quota exceeded")
                || t.contains("out of credits")
                || t.contains("spend cap")
                || t.contains("out of extra usage")
                || t.contains("credit balance");
    }

    static boolean approval(String text) {
        String t = lower(text);
        return t.contains("approval is not supported in exec mode") || t.contains("is not supported in exec mode");
    }

    static boolean contextOverflow(String text) {
        String t = lower(text);
        return t.contains("context window") || t.contains("prompt is too long");
    }

    static boolean transientError(String text) {
        String t = lower(text);
        return t.contains("stream disconnected")
                || t.contains("exceeded retry limit")
                || t.contains("at capacity")
                || t.contains("high demand")
                || t.contains("overloaded")
                || t.contains("529")
                || t.contains("503")
                || t.contains("502")
                || t.contains("500 internal");
    }

    private static String lower(String text) {
        return text == null ? "" : text.toLowerCase(Locale.ROOT);
    }

    /** Keeps a classification message short: the first line, at most 300 characters. */
    static String brief(String text) {
        if (text == null) {
            return null;
        }
        String first = text.strip().split("\n", 2)[0];
        return first.length() > 300 ? first.substring(0, 300) + "…" : first;
    }
}
