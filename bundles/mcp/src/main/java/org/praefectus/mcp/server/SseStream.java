package org.praefectus.mcp.server;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * One SSE stream of a session, as SEP-1699 wants it resumable: a priming event (its id, a {@code retry} and
 * empty data) opens it, every message gets the id {@code <stream>:<n>} and is kept (bounded), and a client that
 * lost the connection reconnects with {@code GET} and {@code Last-Event-ID}: it gets what came after that id and,
 * while the stream goes on, everything later. The SDK writing the stream never sees a lost client: delivery is
 * this class's business, so the call goes on and its answer waits here for the reconnect.
 * A POST's stream ends with the answer to its request; the session's standalone GET stream never ends.
 *
 * <p>A POST's stream starts <em>held</em>: nothing is written until its first message. When that message is the
 * answer, it goes out as the whole response, one {@code application/json} body, as Streamable HTTP allows: no
 * stream, nothing to resume, and the client spared an SSE parse for a call that answers at once.
 * Any other first message (a log message, progress, an elicitation), or {@link #release} after
 * {@link SseStreams#HOLD_MS}, opens the stream with its priming event, so a call that takes longer is resumable.
 */
final class SseStream {

    /** Where events go while a client is connected. */
    interface Sink {
        /** Writes and flushes one event; an {@link IOException} means the client is gone. */
        void send(String event) throws IOException;

        /** The stream ended (its request is answered): end the response. */
        void end();

        /**
         * Sends the request's answer as the whole response, not as a stream; false when the response can no longer
         * be one JSON body (it was committed), and then the answer goes out as an event.
         */
        default boolean whole(String json) throws IOException {
            return false;
        }
    }

    /** How long a client waits before reconnecting, in milliseconds (the priming event's {@code retry}). */
    static final int RETRY_MS = 1_000;

    static final int MAX_EVENTS = 512;
    static final long MAX_BYTES = 32L * 1024 * 1024;

    private final String id;
    private final String sessionId;
    private final Predicate<String> answers;
    private final Deque<Kept> kept = new ArrayDeque<>();
    private long keptBytes;
    private long next = 1;
    private Sink live;
    private boolean ended;
    /** Nothing written yet: the first message decides between one JSON body and a stream. */
    private boolean held;
    /** Told when the stream really opens (at once, or when a held stream is released), so it can be resumed. */
    private final Consumer<SseStream> opened;

    private record Kept(long sequence, String event) {}

    /**
     * @param answers whether a message's JSON is the answer that ends this stream (never, for a GET stream)
     */
    SseStream(
            String id,
            String sessionId,
            Predicate<String> answers,
            Sink live,
            boolean held,
            Consumer<SseStream> opened) {
        this.id = id;
        this.sessionId = sessionId;
        this.answers = answers;
        this.live = live;
        this.held = held;
        this.opened = opened;
    }

    String id() {
        return id;
    }

    String sessionId() {
        return sessionId;
    }

    /** Opens the stream: told to {@code opened}, then the priming event; nothing for a held stream. */
    synchronized void prime() {
        if (!held) {
            open();
        }
    }

    /** Opens a held stream that has no message yet (its call takes a while): the priming event goes out now. */
    synchronized void release() {
        if (held && !ended) {
            held = false;
            open();
        }
    }

    /** Whether the answer went out as the whole response: there was never a stream. */
    synchronized boolean answeredWhole() {
        return ended && held;
    }

    /** The priming event: the stream's first id, how long to wait before reconnecting, no data. */
    private void open() {
        opened.accept(this);
        deliver("id: " + id + ":0\nretry: " + RETRY_MS + "\ndata: \n\n");
    }

    /** One message (the JSON the SDK wrote as {@code data}) under the stream's next id. */
    synchronized void message(String json) {
        if (ended) {
            return;
        }
        boolean answer = answers.test(json); // read once: an answer may be a capture of megabytes
        if (held) {
            if (answer && whole(json)) {
                ended = true; // and held stays: no stream was opened
                live = null;
                return;
            }
            held = false;
            open();
        }
        long sequence = next++;
        String event = "id: " + id + ":" + sequence + "\nevent: message\ndata: " + json + "\n\n";
        kept.addLast(new Kept(sequence, event));
        keptBytes += event.length();
        while (kept.size() > MAX_EVENTS || keptBytes > MAX_BYTES) {
            keptBytes -= kept.removeFirst().event().length();
        }
        deliver(event);
        if (answer) {
            ended = true;
            if (live != null) {
                live.end();
                live = null;
            }
        }
    }

    /**
     * A reconnect after event {@code after}: what came since goes to {@code sink}, which then gets what comes
     * next (or is ended at once when the stream already ended). False when events after {@code after} are no
     * longer kept: replaying only part of them would lose a message without saying so.
     */
    synchronized boolean resume(long after, Sink sink) {
        if (!canResume(after)) {
            return false;
        }
        live = sink;
        for (Kept event : kept) {
            if (event.sequence() > after) {
                deliver(event.event());
            }
        }
        if (ended && live != null) {
            live.end();
            live = null;
        }
        return true;
    }

    /** Whether a reconnect after event {@code after} can be served: every later event is still kept. */
    synchronized boolean canResume(long after) {
        long oldestKept = kept.isEmpty() ? next : kept.peekFirst().sequence();
        return after >= 0 && after < next && oldestKept <= after + 1;
    }

    synchronized boolean ended() {
        return ended;
    }

    private boolean whole(String json) {
        if (live == null) {
            return false;
        }
        try {
            return live.whole(json);
        } catch (IOException gone) {
            live = null;
            return false;
        }
    }

    private void deliver(String event) {
        if (live == null) {
            return;
        }
        try {
            live.send(event);
        } catch (IOException gone) {
            live = null;
        }
    }
}
