package org.praefectus.mcp.server;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.function.Consumer;

/**
 * The stdin of a stdio session as the SDK reads it: line by line through {@link JsonRpcFraming}, so only
 * well-formed messages reach the SDK and everything else is answered here. A line longer than the limit is
 * refused whole (read to its end, never buffered). End of input, or a read error, is reported once.
 */
final class FramedInput extends InputStream {

    /** The longest accepted message line (a PNG argument as base64 is at most 8 MiB, plus the envelope). */
    static final int MAX_LINE_BYTES = 16 * 1024 * 1024;

    private final InputStream in;
    private final Consumer<String> answer;
    private final Consumer<String> cancelled;
    private final Consumer<String> toolCall;
    private final Runnable ended;
    private final JsonRpcFraming.Tools tools;
    private byte[] current = new byte[0];
    private int position;
    private boolean done;

    /**
     * @param answer    writes an error response line to the client
     * @param cancelled receives the request id of a {@code notifications/cancelled}
     * @param toolCall  receives the request id of a {@code tools/call} before the SDK sees it
     * @param ended     runs once at end of input
     * @param tools     the tools this session lists, and the answer to a call of another
     */
    FramedInput(
            InputStream in,
            Consumer<String> answer,
            Consumer<String> cancelled,
            Consumer<String> toolCall,
            Runnable ended,
            JsonRpcFraming.Tools tools) {
        this.tools = tools;
        this.in = in;
        this.answer = answer;
        this.cancelled = cancelled;
        this.toolCall = toolCall;
        this.ended = ended;
    }

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        int n = read(one, 0, 1);
        return n < 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        if (len == 0) {
            return 0;
        }
        while (position >= current.length) {
            if (done || !nextMessage()) {
                return -1;
            }
        }
        int n = Math.min(len, current.length - position);
        System.arraycopy(current, position, b, off, n);
        position += n;
        return n;
    }

    /** Reads lines until one is passed on; false at end of input. */
    private boolean nextMessage() throws IOException {
        while (true) {
            String line;
            try {
                line = readLine();
            } catch (IOException e) {
                end();
                throw e;
            }
            if (line == null) {
                end();
                return false;
            }
            JsonRpcFraming.Outcome outcome = JsonRpcFraming.frame(line, tools);
            if (outcome instanceof JsonRpcFraming.Pass pass) {
                if (pass.toolCallId() != null) {
                    toolCall.accept(pass.toolCallId());
                }
                current = (pass.json() + "\n").getBytes(StandardCharsets.UTF_8);
                position = 0;
                return true;
            }
            if (outcome instanceof JsonRpcFraming.Refuse refuse) {
                answer.accept(refuse.response());
            } else if (outcome instanceof JsonRpcFraming.Cancelled c) {
                cancelled.accept(c.requestId());
            }
        }
    }

    private void end() {
        if (!done) {
            done = true;
            ended.run();
        }
    }

    /** One line without its terminator, or null at end of input; an over-long line becomes a refused marker. */
    private String readLine() throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        boolean tooLong = false;
        int c;
        while ((c = in.read()) >= 0) {
            if (c == '\n') {
                break;
            }
            if (line.size() < MAX_LINE_BYTES) {
                line.write(c);
            } else {
                tooLong = true;
            }
        }
        if (c < 0 && line.size() == 0) {
            return null;
        }
        if (tooLong) {
            answer.accept(JsonRpcFraming.error(
                    com.fasterxml.jackson.databind.node.NullNode.instance,
                    -32600,
                    "Invalid Request: the message is larger than " + MAX_LINE_BYTES + " bytes"));
            return "";
        }
        String text = line.toString(StandardCharsets.UTF_8);
        return text.endsWith("\r") ? text.substring(0, text.length() - 1) : text;
    }
}
