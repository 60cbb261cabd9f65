package org.praefectus.daemon.ipc;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;

/** What the audit may say of a reply envelope: whether it succeeded, and its error code. */
final class DaemonEnvelope {

    private DaemonEnvelope() {}

    static boolean ok(byte[] envelope) {
        return read(envelope).path("ok").asBoolean(false);
    }

    /** The error's code, a snake_case word, or {@code unreadable}. */
    static String errorCode(byte[] envelope) {
        String code = read(envelope).at("/error/code").asText("unreadable");
        return code.matches("[a-z][a-z0-9_]{0,63}") ? code : "unreadable";
    }

    private static JsonNode read(byte[] envelope) {
        try {
            return Replies.JSON.readTree(envelope);
        } catch (IOException unreadable) {
            return Replies.JSON.missingNode();
        }
    }
}
