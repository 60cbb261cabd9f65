package org.praefectus.nativecore.desktop;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.praefectus.api.desktop.DesktopWindow;
import org.praefectus.api.desktop.ElementScope;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.executor.ExecutorFailure;
import org.praefectus.api.protocol.Rect;
import org.praefectus.api.protocol.SemanticElement;
import org.praefectus.api.protocol.SemanticObservation;
import org.praefectus.api.protocol.SurfaceRef;
import org.praefectus.api.selector.Selector;
import org.praefectus.api.selector.UiElement;

/**
 * Elements as {@code find_elements} answers them: every window in scope observed afresh through the executor (so
 * each element carries the observation and tag a host can fence), read through the port, filtered by a selector.
 * No cache: each lookup reads the desktop again.
 */
final class NativeElements {

    /** What a lookup found, and the windows it could not read. */
    record Found(List<UiElement> elements, List<String> warnings) {}

    private final DesktopPort port;

    NativeElements(DesktopPort port) {
        this.port = port;
    }

    /**
     * @param limit at most this many elements (0: no limit)
     * @throws ExecutorException {@code target_not_found} when a scope is given and no observable window is in it
     */
    Found find(Selector selector, ElementScope scope, int limit, CancellationToken cancellation, long deadlineAtMs)
            throws ExecutorException {
        List<DesktopWindow> windows = new ArrayList<>();
        for (DesktopWindow window : port.windows(cancellation, deadlineAtMs)) {
            if (window.accessible() && scope.matches(window)) {
                windows.add(window);
            }
        }
        if (windows.isEmpty() && !scope.equals(ElementScope.ALL)) {
            throw new ExecutorException(ExecutorFailure.TARGET_NOT_FOUND, "no observable window matches the scope");
        }
        List<UiElement> matched = new ArrayList<>();
        List<String> warnings = new ArrayList<>();
        for (DesktopWindow window : windows) {
            List<UiElement> elements;
            try {
                elements = elements(window, warnings, cancellation, deadlineAtMs);
            } catch (ExecutorException e) {
                if (e.failure() == ExecutorFailure.CANCELLED
                        || e.failure() == ExecutorFailure.EXPIRED
                        || e.failure() == ExecutorFailure.UNAVAILABLE) {
                    throw e;
                }
                // a window closing or changing while listed is skipped, as PeekabooX reports traversal errors
                warnings.add("window " + window.id() + ": " + e.getMessage());
                continue;
            }
            for (UiElement element : elements) {
                if (selector.matches(element)) {
                    matched.add(element);
                    if (limit > 0 && matched.size() >= limit) {
                        return new Found(matched, warnings);
                    }
                }
            }
        }
        return new Found(matched, warnings);
    }

    /** One window's elements, from a fresh observation of its surface; a cut-off tree is said in the warnings. */
    private List<UiElement> elements(
            DesktopWindow window, List<String> warnings, CancellationToken cancellation, long deadlineAtMs)
            throws ExecutorException {
        SemanticObservation observation =
                port.executor().observeSurface(new SurfaceRef(window.surfaceId()), cancellation, deadlineAtMs);
        if (observation.truncated()) {
            warnings.add("window " + window.id() + ": only the first "
                    + observation.elements().size() + " elements were read (the executor's bound)");
        }
        Map<String, ElementReading> readings = port.read(
                observation.observationId(),
                observation.elements().stream().map(SemanticElement::tag).collect(Collectors.toSet()),
                cancellation,
                deadlineAtMs);
        Map<String, String> idOf = new HashMap<>();
        Map<String, List<String>> children = new HashMap<>();
        for (SemanticElement element : observation.elements()) {
            ElementReading reading = readings.get(element.tag());
            if (reading != null) {
                idOf.put(element.elementId(), reading.id());
            }
        }
        for (SemanticElement element : observation.elements()) {
            String id = idOf.get(element.elementId());
            if (id != null && element.parentId() != null && idOf.containsKey(element.parentId())) {
                children.computeIfAbsent(element.parentId(), parent -> new ArrayList<>())
                        .add(id);
            }
        }
        List<UiElement> elements = new ArrayList<>();
        for (SemanticElement element : observation.elements()) {
            ElementReading reading = readings.get(element.tag());
            if (reading == null) {
                continue; // gone or changed between the observation and the read
            }
            Rect bounds = element.bounds() == null ? new Rect(0, 0, 0, 0) : element.bounds();
            elements.add(new UiElement(
                    reading.id(),
                    element.role(),
                    element.name() == null || element.name().isBlank() ? null : element.name(),
                    bounds,
                    UiElement.centerOf(bounds),
                    bounds.hasArea() ? 1.0 : 0.7,
                    reading.states(),
                    window.id(),
                    window.title(),
                    window.appId(),
                    element.parentId() == null ? null : idOf.get(element.parentId()),
                    children.getOrDefault(element.elementId(), List.of()),
                    observation.observationId(),
                    element.tag(),
                    reading.readBack()));
        }
        return elements;
    }
}
