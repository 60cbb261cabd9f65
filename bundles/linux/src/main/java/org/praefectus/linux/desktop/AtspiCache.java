package org.praefectus.linux.desktop;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.linux.atspi.AtspiBus;
import org.praefectus.linux.executor.LinuxExecutor;

/**
 * The last answer a listing verb read over AT-SPI, kept for a lifetime (default 500 ms, as PeekabooX's daemon)
 * and forgotten at the first AT-SPI focus, window or object event ({@code AtspiBus.onChange}, which leaves out
 * bounds changes that repeat a rectangle), so a change on
 * screen is never answered from the cache; an answer read while an event arrived is not kept. It starts
 * listening, and keeping answers, at its second lookup: a one-shot CLI process pays nothing for it. A cache
 * with no lifetime neither keeps nor listens. Effects never read through one: fences and dispatch read live.
 *
 * @param <K> what an answer is for (the scope of a lookup); another key reads afresh ({@code Void}: one answer)
 * @param <V> the answer
 */
public final class AtspiCache<K, V> implements AutoCloseable {

    /** The default lifetime. */
    public static final long DEFAULT_TTL_MS = 500;

    /**
     * An answer and where it came from.
     *
     * @param notes why the cache may be less than it says (events off or not received), for the warnings
     */
    public record Answer<V>(V value, boolean hit, long ageMs, List<String> notes) {}

    /** Reads the answer over AT-SPI. */
    @FunctionalInterface
    public interface Reader<V> {
        V read() throws ExecutorException;
    }

    private record Kept<K, V>(K key, long atMs, V value) {}

    private final LinuxExecutor executor;
    private volatile long ttlMs;
    private volatile boolean listening = true;
    private final AtomicLong changes = new AtomicLong();

    private volatile Kept<K, V> kept;
    private volatile boolean looked;
    private AtspiBus watched;
    private AutoCloseable subscription;

    public AtspiCache(LinuxExecutor executor, long ttlMs) {
        this.executor = executor;
        this.ttlMs = ttlMs;
    }

    /**
     * Changes the lifetime and whether AT-SPI events invalidate (the runtime's configuration changed); the
     * kept answer is forgotten, so the next lookup reads under the new settings.
     */
    public void configure(long ttlMs, boolean listening) {
        if (ttlMs < 0) {
            throw new IllegalArgumentException("the cache lifetime is not negative");
        }
        this.ttlMs = ttlMs;
        this.listening = listening;
        if (!listening) {
            close();
        }
        invalidate();
    }

    /**
     * The kept answer while it is fresh, else what {@code reader} reads (kept when caching): for a cache of one
     * answer, whose lookups have no scope.
     */
    public Answer<V> get(Reader<V> reader) throws ExecutorException {
        return get(null, reader);
    }

    /** The kept answer for {@code key} while it is fresh, else what {@code reader} reads (kept when caching). */
    public Answer<V> get(K key, Reader<V> reader) throws ExecutorException {
        List<String> notes = new ArrayList<>();
        // A one-shot process looks once: it neither keeps an answer nor subscribes (six more D-Bus calls). From
        // the second lookup on the cache listens, and only then keeps answers.
        boolean caching = ttlMs > 0 && looked;
        looked = true;
        if (caching && !listening) {
            notes.add("AT-SPI events are off (--no-accessibility-events): the cache expires by its lifetime only");
        } else if (caching && !watch()) {
            notes.add("AT-SPI events are not received: the cache expires by its lifetime only");
        }
        long now = System.currentTimeMillis();
        Kept<K, V> hit = kept;
        long lifetime = ttlMs;
        if (hit != null && Objects.equals(hit.key(), key) && now - hit.atMs() >= 0 && now - hit.atMs() < lifetime) {
            return new Answer<>(hit.value(), true, now - hit.atMs(), List.copyOf(notes));
        }
        long before = changes.get();
        V value = reader.read();
        if (caching) {
            kept = new Kept<>(key, System.currentTimeMillis(), value);
            if (changes.get() != before) {
                kept = null; // an event during the read may have changed what it saw
            }
        }
        return new Answer<>(value, false, 0, List.copyOf(notes));
    }

    /** Forgets the kept answer (an AT-SPI event, or an effect this runtime caused). */
    public void invalidate() {
        changes.incrementAndGet();
        kept = null;
    }

    /** How many times the cache was invalidated. */
    public long invalidations() {
        return changes.get();
    }

    /**
     * Subscribes to the executor's current accessibility bus (again after it reconnected).
     *
     * @return whether events are received
     */
    private synchronized boolean watch() {
        AtspiBus bus;
        try {
            bus = executor.connections().accessibility().bus();
        } catch (ExecutorException unavailable) {
            return false; // the read reports it
        }
        if (bus == watched) {
            return subscription != null;
        }
        close();
        try {
            subscription = bus.onChange(change -> invalidate());
        } catch (ExecutorException refused) {
            subscription = null;
        }
        watched = bus;
        kept = null;
        return subscription != null;
    }

    /** Stops listening for AT-SPI events. */
    @Override
    public synchronized void close() {
        if (subscription != null) {
            try {
                subscription.close();
            } catch (Exception gone) {
                // the bus is closed already
            }
            subscription = null;
        }
        watched = null;
    }
}
