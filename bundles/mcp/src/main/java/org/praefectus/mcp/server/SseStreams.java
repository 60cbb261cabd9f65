package org.praefectus.mcp.server;

import java.security.SecureRandom;
import java.util.Base64;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * The resumable SSE streams of one endpoint ({@link SseStream}), at most {@value #MAX_STREAMS}: the oldest is
 * forgotten first. Stream ids are random, and a stream is found only with the session that opened it, so a
 * {@code Last-Event-ID} of another session resumes nothing.
 */
final class SseStreams {

    static final int MAX_STREAMS = 256;

    /**
     * How long a POST's stream stays held waiting for its first message before it opens with its priming event
     * (see {@link SseStream}): long enough that a call answered at once is never a stream, short enough that a
     * lost connection during a long call (a confirmation, OCR) can still be resumed.
     */
    static final long HOLD_MS = 1_000;

    private final SecureRandom random = new SecureRandom();
    private final Map<String, SseStream> streams = new LinkedHashMap<>();

    /** A new stream of {@code sessionId}, primed on {@code live}. */
    SseStream open(String sessionId, Predicate<String> answers, SseStream.Sink live) {
        SseStream stream = new SseStream(newId(), sessionId, answers, live, false, this::keep);
        stream.prime();
        return stream;
    }

    /**
     * A new held stream of {@code sessionId} for a POST (see {@link SseStream}): it is kept for a reconnect, and
     * primed on {@code live}, only once it opens; {@code release} opens it after {@link #HOLD_MS} if nothing did.
     */
    SseStream openHeld(String sessionId, Predicate<String> answers, SseStream.Sink live, Executor release) {
        SseStream stream = new SseStream(newId(), sessionId, answers, live, true, this::keep);
        release.execute(stream::release);
        return stream;
    }

    /** The executor that releases a held stream after {@link #HOLD_MS}. */
    static Executor afterHold() {
        return CompletableFuture.delayedExecutor(HOLD_MS, TimeUnit.MILLISECONDS);
    }

    private String newId() {
        byte[] bytes = new byte[12];
        random.nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    private void keep(SseStream stream) {
        synchronized (streams) {
            streams.put(stream.id(), stream);
            Iterator<SseStream> oldest = streams.values().iterator();
            while (streams.size() > MAX_STREAMS && oldest.hasNext()) {
                oldest.next();
                oldest.remove();
            }
        }
    }

    /** Where a reconnect resumes: a stream and the last event the client saw of it. */
    record Position(SseStream stream, long after) {
        /** Sends what came after the position to {@code sink}, then what comes next. */
        boolean resume(SseStream.Sink sink) {
            return stream.resume(after, sink);
        }
    }

    /**
     * The position {@code lastEventId} ({@code <stream>:<n>}) names, if {@code sessionId} opened that stream
     * and it still holds every event after it.
     */
    Optional<Position> position(String sessionId, String lastEventId) {
        int colon = lastEventId.lastIndexOf(':');
        if (colon <= 0 || sessionId == null) {
            return Optional.empty();
        }
        long after;
        try {
            after = Long.parseLong(lastEventId.substring(colon + 1).strip());
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
        SseStream stream;
        synchronized (streams) {
            stream = streams.get(lastEventId.substring(0, colon));
        }
        if (stream == null || !stream.sessionId().equals(sessionId) || !stream.canResume(after)) {
            return Optional.empty();
        }
        return Optional.of(new Position(stream, after));
    }

    /** Forgets the streams of a session that ended. */
    void ended(String sessionId) {
        synchronized (streams) {
            streams.values().removeIf(stream -> stream.sessionId().equals(sessionId));
        }
    }
}
