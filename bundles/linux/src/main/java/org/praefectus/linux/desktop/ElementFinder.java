package org.praefectus.linux.desktop;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.executor.ExecutorFailure;
import org.praefectus.api.protocol.Rect;
import org.praefectus.api.protocol.SemanticElement;
import org.praefectus.api.protocol.SemanticObservation;
import org.praefectus.api.protocol.SurfaceRef;
import org.praefectus.api.selector.Selector;
import org.praefectus.api.selector.UiElement;
import org.praefectus.linux.atspi.AccessibleNode;
import org.praefectus.linux.atspi.ApplicationTree;
import org.praefectus.linux.atspi.AtspiBus;
import org.praefectus.linux.atspi.AtspiObject;
import org.praefectus.linux.atspi.StoredSnapshot;
import org.praefectus.linux.executor.LinuxExecutor;

/**
 * {@code elements} / {@code find}: every window in scope observed through the registered executor (so each
 * element carries the observation and tag a host can fence), turned into PeekabooX {@link UiElement}s and
 * filtered by a selector. The last answer per scope is kept for {@link #ttlMs} (default 500 ms, as
 * PeekabooX's daemon): a repeated lookup within it reads no AT-SPI; fences and dispatch still read live. A
 * caching finder also listens for AT-SPI focus, window and object events ({@code AtspiBus.onChange}) and forgets
 * its answer at the first one, so a change on screen is never answered from the cache; an answer read while an
 * event arrived is not kept. It starts listening, and keeping answers, at its second lookup: a one-shot CLI
 * process pays nothing for it. A finder with no lifetime (what effects use) neither caches nor listens.
 */
public final class ElementFinder implements AutoCloseable {

    /** The default cache lifetime. */
    public static final long DEFAULT_TTL_MS = 500;

    private static final int MAX_TRACKED_BOUNDS = 16_384;

    /** What a lookup found, with the cache facts PeekabooX reports. */
    public record Found(List<UiElement> elements, boolean cacheHit, long cacheAgeMs, List<String> warnings) {}

    private record Cached(ElementScope scope, long atMs, List<UiElement> elements, List<String> warnings) {}

    private final LinuxExecutor executor;
    private volatile long ttlMs;
    private volatile boolean listening = true;
    private final AtomicLong changes = new AtomicLong();
    /** The last rectangle a bounds-change event gave per object. */
    private final Map<String, String> lastBounds = new ConcurrentHashMap<>();

    private volatile Cached cached;
    private volatile boolean looked;
    private AtspiBus watched;
    private AutoCloseable subscription;

    public ElementFinder(LinuxExecutor executor, long ttlMs) {
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
     * @param limit at most this many elements (0: no limit)
     * @throws ExecutorException when accessibility is unavailable or no window is in scope
     */
    public Found find(
            Selector selector, ElementScope scope, int limit, CancellationToken cancellation, long deadlineAtMs)
            throws ExecutorException {
        List<String> notes = new ArrayList<>();
        // A one-shot process looks once: it neither keeps an answer nor subscribes (six more D-Bus calls). From
        // the second lookup on the finder listens, and only then keeps answers.
        boolean caching = ttlMs > 0 && looked;
        looked = true;
        if (caching && !listening) {
            notes.add("AT-SPI events are off (--no-accessibility-events): the cache expires by its lifetime only");
        } else if (caching && !watch()) {
            notes.add("AT-SPI events are not received: the cache expires by its lifetime only");
        }
        long now = System.currentTimeMillis();
        Cached hit = cached;
        long lifetime = ttlMs;
        boolean fresh =
                hit != null && hit.scope().equals(scope) && now - hit.atMs() >= 0 && now - hit.atMs() < lifetime;
        long before = changes.get();
        Cached used = fresh ? hit : read(scope, cancellation, deadlineAtMs);
        if (!fresh && caching) {
            cached = used;
            if (changes.get() != before) {
                cached = null; // an event during the read may have changed what it saw
            }
        }
        if (!notes.isEmpty()) {
            notes.addAll(0, used.warnings());
            used = new Cached(used.scope(), used.atMs(), used.elements(), List.copyOf(notes));
        }
        List<UiElement> matched = new ArrayList<>();
        for (UiElement element : used.elements()) {
            if (selector.matches(element)) {
                matched.add(element);
                if (limit > 0 && matched.size() >= limit) {
                    break;
                }
            }
        }
        return new Found(matched, fresh, fresh ? now - hit.atMs() : 0, used.warnings());
    }

    /** Forgets the cached answer (an AT-SPI event, or an effect this runtime caused). */
    public void invalidate() {
        changes.incrementAndGet();
        cached = null;
    }

    /**
     * An AT-SPI event. GTK repeats an object's bounds at every allocation, by the hundred per second in an
     * animated window, mostly unchanged: a bounds change that repeats the rectangle the last event gave for that
     * object changes nothing an answer read after that event saw, so it is ignored. Every other event (and any
     * bounds change that cannot be read) forgets the answer.
     */
    private void changed(AtspiBus.Change change) {
        if (change.member().equals("BoundsChanged") && change.detail() != null) {
            String previous = lastBounds.put(change.objectId(), change.detail());
            if (change.detail().equals(previous)) {
                return;
            }
            if (lastBounds.size() > MAX_TRACKED_BOUNDS) {
                lastBounds.clear(); // bounded memory: the next events invalidate once more
            }
        }
        invalidate();
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
            subscription = bus.onChange(this::changed);
        } catch (ExecutorException refused) {
            subscription = null;
        }
        watched = bus;
        cached = null;
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

    private Cached read(ElementScope scope, CancellationToken cancellation, long deadlineAtMs)
            throws ExecutorException {
        List<WindowDirectory.Joined> windows = new ArrayList<>();
        for (WindowDirectory.Joined joined : new WindowDirectory(executor).accessible(cancellation, deadlineAtMs)) {
            if (scope.matches(joined.window())) {
                windows.add(joined);
            }
        }
        if (windows.isEmpty() && !scope.equals(ElementScope.ALL)) {
            throw new ExecutorException(ExecutorFailure.TARGET_NOT_FOUND, "no accessible window matches the scope");
        }
        List<UiElement> elements = new ArrayList<>();
        List<String> warnings = new ArrayList<>();
        for (WindowDirectory.Joined joined : windows) {
            try {
                elements.addAll(elements(joined.window(), cancellation, deadlineAtMs));
            } catch (ExecutorException e) {
                if (e.failure() == ExecutorFailure.CANCELLED || e.failure() == ExecutorFailure.EXPIRED) {
                    throw e;
                }
                // a window closing or changing while listed is skipped, as PeekabooX reports traversal errors
                warnings.add("window " + joined.window().id() + ": " + e.getMessage());
            }
        }
        return new Cached(scope, System.currentTimeMillis(), List.copyOf(elements), List.copyOf(warnings));
    }

    /** One window's elements, from a fresh observation of its surface. */
    List<UiElement> elements(DesktopWindow window, CancellationToken cancellation, long deadlineAtMs)
            throws ExecutorException {
        SemanticObservation observation =
                executor.observeSurface(new SurfaceRef(window.surfaceId()), cancellation, deadlineAtMs);
        StoredSnapshot snapshot = executor.connections()
                .observations()
                .get(observation.observationId())
                .orElseThrow(() -> new ExecutorException(ExecutorFailure.STALE_TARGET, "observation was evicted"));
        ApplicationTree tree = snapshot.window().application();
        Map<AtspiObject, AccessibleNode> nodes = tree.nodes();
        List<UiElement> elements = new ArrayList<>();
        for (SemanticElement element : observation.elements()) {
            StoredSnapshot.StoredTarget stored = snapshot.targets().get(element.elementId());
            AccessibleNode node = stored == null ? null : nodes.get(stored.object());
            if (node == null) {
                continue;
            }
            Rect bounds = element.bounds() == null ? new Rect(0, 0, 0, 0) : element.bounds();
            AtspiObject parent = node.parent();
            elements.add(new UiElement(
                    node.object().id(),
                    element.role(),
                    element.name() == null || element.name().isBlank() ? null : element.name(),
                    bounds,
                    UiElement.centerOf(bounds),
                    bounds.hasArea() ? 1.0 : 0.7,
                    node.state().names(),
                    window.id(),
                    window.title(),
                    window.appId(),
                    parent == null || parent.isNull() ? null : parent.id(),
                    tree.childrenOf(node.object()).stream().map(AtspiObject::id).toList(),
                    observation.observationId(),
                    element.tag()));
        }
        return elements;
    }
}
