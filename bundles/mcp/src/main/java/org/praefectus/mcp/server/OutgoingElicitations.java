package org.praefectus.mcp.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The stdout of a stdio session, watched for the server's own {@code elicitation/create} requests: the SDK
 * keeps their JSON-RPC ids to itself, and withdrawing a question (the tool call was cancelled, or the window
 * closed) needs that id for {@code notifications/cancelled}. Each question carries a marker in its
 * {@code _meta}; the id written with it is remembered until the question ends. Only the head of each message
 * is looked at, so large results cost nothing more.
 */
final class OutgoingElicitations extends FilterOutputStream {

    static final String MARKER_META = "org.praefectus/question";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final byte[] METHOD = "\"elicitation/create\"".getBytes(StandardCharsets.US_ASCII);
    private static final int HEAD = 200;

    private final Map<String, JsonNode> idsByMarker = new ConcurrentHashMap<>();

    OutgoingElicitations(OutputStream out) {
        super(out);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        if (contains(b, off, Math.min(len, HEAD), METHOD)) {
            remember(new String(b, off, len, StandardCharsets.UTF_8));
        }
        out.write(b, off, len);
    }

    private void remember(String message) {
        try {
            JsonNode node = JSON.readTree(message);
            String marker = node.path("params").path("_meta").path(MARKER_META).textValue();
            if (marker != null && node.has("id")) {
                idsByMarker.put(marker, node.get("id"));
            }
        } catch (IOException | RuntimeException notOurs) {
            // not a message this watcher needs
        }
    }

    /** Withdraws the question with this marker, if it was sent; forgets it either way. */
    void withdraw(String marker, String reason) {
        JsonNode id = idsByMarker.remove(marker);
        if (id == null) {
            return;
        }
        ObjectNode notification = JsonNodeFactory.instance.objectNode();
        notification.put("jsonrpc", "2.0");
        notification.put("method", "notifications/cancelled");
        notification.putObject("params").put("reason", reason).set("requestId", id);
        writeLine(notification.toString());
    }

    /** Forgets an answered question. */
    void forget(String marker) {
        idsByMarker.remove(marker);
    }

    /** One whole line, never interleaved with the SDK's (it writes under the same lock). */
    void writeLine(String json) {
        synchronized (this) {
            try {
                out.write((json + "\n").getBytes(StandardCharsets.UTF_8));
                out.flush();
            } catch (IOException closed) {
                // the client has gone; nothing to tell it
            }
        }
    }

    private static boolean contains(byte[] b, int off, int len, byte[] needle) {
        outer:
        for (int i = off; i <= off + len - needle.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (b[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return true;
        }
        return false;
    }
}
