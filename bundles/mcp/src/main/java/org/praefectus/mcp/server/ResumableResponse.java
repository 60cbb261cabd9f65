package org.praefectus.mcp.server;

import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpServletResponseWrapper;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.function.Predicate;

/**
 * The response the SDK writes, made resumable when it is an SSE stream of a session: the SDK's events are
 * taken apart and handed to an {@link SseStream} (new ids, kept for a reconnect, a priming event first), which
 * writes them to the client while it is connected. A POST's answer that comes first and at once goes out as one
 * JSON body instead ({@link SseStream}). Anything else (JSON answers, refusals) passes unchanged.
 */
final class ResumableResponse extends HttpServletResponseWrapper {

    private final SseStreams streams;
    private final String sessionId;
    private final Predicate<String> answers;
    private PrintWriter writer;

    /**
     * @param answers whether a message's JSON answers the request, which ends a POST's stream (never for a GET)
     */
    ResumableResponse(HttpServletResponse response, SseStreams streams, String sessionId, Predicate<String> answers) {
        super(response);
        this.streams = streams;
        this.sessionId = sessionId;
        this.answers = answers;
    }

    @Override
    public PrintWriter getWriter() throws IOException {
        String type = getContentType();
        if (sessionId == null || type == null || !type.startsWith("text/event-stream")) {
            return super.getWriter();
        }
        if (writer == null) {
            // the SDK ends its own response once it has written the answer
            SseStream.Sink client = clientSink(super.getWriter(), () -> {});
            // a POST's stream (it has a request to answer) is held until its first message; a GET's opens at once
            SseStream stream = answers == JsonRpcAnswers.NONE
                    ? streams.open(sessionId, answers, client)
                    : streams.openHeld(sessionId, answers, wholeOrStream(client), SseStreams.afterHold());
            writer = new PrintWriter(new EventReader(stream));
        }
        return writer;
    }

    /** {@code client}, able to send an answer as the whole response while nothing has been written. */
    private SseStream.Sink wholeOrStream(SseStream.Sink client) {
        return new SseStream.Sink() {
            @Override
            public void send(String event) throws IOException {
                client.send(event);
            }

            @Override
            public void end() {
                client.end();
            }

            @Override
            public boolean whole(String json) throws IOException {
                if (isCommitted()) {
                    return false;
                }
                byte[] body = json.getBytes(StandardCharsets.UTF_8);
                setContentType("application/json");
                setContentLength(body.length);
                PrintWriter out = ResumableResponse.super.getWriter();
                out.write(json);
                out.flush();
                if (out.checkError()) {
                    throw new IOException("the client is gone");
                }
                return true;
            }
        };
    }

    /** Events written to a client's response; {@code end} ends it. */
    static SseStream.Sink clientSink(PrintWriter client, Runnable end) {
        return new SseStream.Sink() {
            @Override
            public void send(String event) throws IOException {
                try {
                    client.write(event);
                    client.flush();
                } catch (IllegalStateException completed) {
                    throw new IOException("the response has ended", completed);
                }
                if (client.checkError()) {
                    throw new IOException("the client is gone");
                }
            }

            @Override
            public void end() {
                try {
                    end.run();
                } catch (IllegalStateException alreadyEnded) {
                    // the container ended it (timeout, client gone)
                }
            }
        };
    }

    /** Reads the SDK's SSE output ({@code id}, {@code event} and {@code data} lines, a blank line after each). */
    static final class EventReader extends Writer {

        private final SseStream stream;
        private final StringBuilder pending = new StringBuilder();
        /** Where the search for the end of the pending event goes on: what was searched before holds no end. */
        private int searched;

        EventReader(SseStream stream) {
            this.stream = stream;
        }

        @Override
        public synchronized void write(char[] chars, int offset, int length) {
            pending.append(chars, offset, length);
            int end;
            while ((end = pending.indexOf("\n\n", searched)) >= 0) {
                String data = data(pending, end);
                pending.delete(0, end + 2);
                searched = 0;
                if (!data.isEmpty()) {
                    stream.message(data);
                }
            }
            // the last character may be the first half of the next end
            searched = Math.max(0, pending.length() - 1);
        }

        /** The {@code data:} lines of the event in {@code pending} before {@code end}, joined by newlines. */
        private static String data(StringBuilder pending, int end) {
            String block = pending.substring(0, end);
            StringBuilder data = new StringBuilder();
            int line = 0;
            while (line <= block.length()) {
                int next = block.indexOf('\n', line);
                int lineEnd = next < 0 ? block.length() : next;
                if (block.startsWith("data:", line)) {
                    if (data.length() > 0) {
                        data.append('\n');
                    }
                    int from = line + (block.startsWith("data: ", line) ? 6 : 5);
                    data.append(block, from, lineEnd);
                }
                line = lineEnd + 1;
            }
            return data.toString();
        }

        @Override
        public void flush() {
            // each complete event is delivered (and flushed) as it is read
        }

        @Override
        public void close() {
            // the stream's end is its answer, not the SDK closing its writer
        }
    }
}
