package org.praefectus.linux.desktop;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.praefectus.api.desktop.DesktopWindow;
import org.praefectus.api.desktop.ElementScope;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.executor.ExecutorFailure;
import org.praefectus.api.protocol.Rect;
import org.praefectus.api.protocol.SemanticElement;
import org.praefectus.api.protocol.SemanticObservation;
import org.praefectus.api.protocol.SurfaceRef;
import org.praefectus.api.selector.ReadBack;
import org.praefectus.api.selector.Selector;
import org.praefectus.api.selector.UiElement;
import org.praefectus.linux.atspi.AccessibleNode;
import org.praefectus.linux.atspi.ApplicationTree;
import org.praefectus.linux.atspi.AtspiObject;
import org.praefectus.linux.atspi.ReadBacks;
import org.praefectus.linux.atspi.StoredSnapshot;
import org.praefectus.linux.executor.LinuxExecutor;

/**
 * {@code elements} / {@code find}: every window in scope observed through the registered executor (so each
 * element carries the observation and tag a host can fence), turned into PeekabooX {@link UiElement}s and
 * filtered by a selector. The last answer per scope is kept by an {@link AtspiCache} (its lifetime, AT-SPI event
 * invalidation, and listening only from the second lookup on); fences and dispatch still read live. A finder
 * with no lifetime (what effects use) neither caches nor listens.
 */
public final class ElementFinder implements AutoCloseable {

    /** What a lookup found, with the cache facts PeekabooX reports. */
    public record Found(List<UiElement> elements, boolean cacheHit, long cacheAgeMs, List<String> warnings) {}

    private record Read(List<UiElement> elements, List<String> warnings) {}

    private final LinuxExecutor executor;
    private final AtspiCache<ElementScope, Read> cache;

    public ElementFinder(LinuxExecutor executor, long ttlMs) {
        this.executor = executor;
        this.cache = new AtspiCache<>(executor, ttlMs);
    }

    /** See {@link AtspiCache#configure}. */
    public void configure(long ttlMs, boolean listening) {
        cache.configure(ttlMs, listening);
    }

    /**
     * @param limit at most this many elements (0: no limit)
     * @throws ExecutorException when accessibility is unavailable or no window is in scope
     */
    public Found find(
            Selector selector, ElementScope scope, int limit, CancellationToken cancellation, long deadlineAtMs)
            throws ExecutorException {
        AtspiCache.Answer<Read> answer = cache.get(scope, () -> read(scope, cancellation, deadlineAtMs));
        List<String> warnings = new ArrayList<>(answer.value().warnings());
        warnings.addAll(answer.notes());
        List<UiElement> matched = new ArrayList<>();
        for (UiElement element : answer.value().elements()) {
            if (selector.matches(element)) {
                matched.add(element);
                if (limit > 0 && matched.size() >= limit) {
                    break;
                }
            }
        }
        return new Found(matched, answer.hit(), answer.ageMs(), List.copyOf(warnings));
    }

    /** Forgets the cached answer (an AT-SPI event, or an effect this runtime caused). */
    public void invalidate() {
        cache.invalidate();
    }

    /** How many times the cache was invalidated. */
    public long invalidations() {
        return cache.invalidations();
    }

    /** Stops listening for AT-SPI events. */
    @Override
    public void close() {
        cache.close();
    }

    private Read read(ElementScope scope, CancellationToken cancellation, long deadlineAtMs) throws ExecutorException {
        List<WindowDirectory.Joined> windows = new ArrayList<>();
        for (WindowDirectory.Joined joined : new WindowDirectory(executor).accessible(cancellation, deadlineAtMs)) {
            if (joined.in(scope)) {
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
        return new Read(List.copyOf(elements), List.copyOf(warnings));
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
        List<SemanticElement> kept = new ArrayList<>();
        List<AccessibleNode> found = new ArrayList<>();
        Map<AtspiObject, String> roles = new HashMap<>();
        for (SemanticElement element : observation.elements()) {
            AccessibleNode node = nodeOf(snapshot, nodes, element);
            if (node != null) {
                kept.add(element);
                found.add(node);
                roles.put(node.object(), element.role());
            }
        }
        Map<AtspiObject, ReadBack> readBacks =
                ReadBacks.read(executor.connections().accessibility().bus(), found, roles, cancellation, deadlineAtMs);
        List<UiElement> elements = new ArrayList<>();
        for (int i = 0; i < kept.size(); i++) {
            SemanticElement element = kept.get(i);
            AccessibleNode node = found.get(i);
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
                    element.tag(),
                    readBacks.get(node.object())));
        }
        return elements;
    }

    /**
     * What the elements {@code tags} of a stored observation hold now, keyed by tag (see
     * {@code DesktopService.readBack}); states as the observation's walk saw them, text and value read now.
     *
     * @throws ExecutorException {@code stale_target} when the observation is not (or no longer) stored
     */
    public Map<String, ReadBack> readBack(
            String observationId, Collection<String> tags, CancellationToken cancellation, long deadlineAtMs)
            throws ExecutorException {
        StoredSnapshot snapshot = executor.connections()
                .observations()
                .get(observationId)
                .orElseThrow(() -> new ExecutorException(ExecutorFailure.STALE_TARGET, "observation is not stored"));
        Map<AtspiObject, AccessibleNode> nodes = snapshot.window().application().nodes();
        Map<AtspiObject, String> tagOf = new HashMap<>();
        List<AccessibleNode> found = new ArrayList<>();
        Map<AtspiObject, String> roles = new HashMap<>();
        Set<String> wanted = Set.copyOf(tags);
        for (SemanticElement element : snapshot.observation().elements()) {
            AccessibleNode node = wanted.contains(element.tag()) ? nodeOf(snapshot, nodes, element) : null;
            if (node != null) {
                tagOf.put(node.object(), element.tag());
                found.add(node);
                roles.put(node.object(), element.role());
            }
        }
        Map<String, ReadBack> byTag = new HashMap<>();
        ReadBacks.read(executor.connections().accessibility().bus(), found, roles, cancellation, deadlineAtMs)
                .forEach((object, readBack) -> byTag.put(tagOf.get(object), readBack));
        return Map.copyOf(byTag);
    }

    private static AccessibleNode nodeOf(
            StoredSnapshot snapshot, Map<AtspiObject, AccessibleNode> nodes, SemanticElement element) {
        StoredSnapshot.StoredTarget stored = snapshot.targets().get(element.elementId());
        return stored == null ? null : nodes.get(stored.object());
    }
}
