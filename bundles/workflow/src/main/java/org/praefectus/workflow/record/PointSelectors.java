package org.praefectus.workflow.record;

import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.praefectus.api.desktop.DesktopException;
import org.praefectus.api.desktop.DesktopService;
import org.praefectus.api.desktop.ElementQuery;
import org.praefectus.api.desktop.ElementScope;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.selector.Selector;
import org.praefectus.api.selector.SelectorException;
import org.praefectus.api.selector.UiElement;

/**
 * A recorded coordinate click as a semantic selector (PeekabooX: "records a unique semantic selector when
 * possible"): the innermost named element at the point, as {@code role-exact=…,label-exact=…} in its window, kept
 * only when that selector finds exactly that one element there. Otherwise the click stays a point.
 */
final class PointSelectors {

    /** Roles that only contain: a click at a point is meant for what is inside them. */
    private static final Set<String> CONTAINERS = Set.of("frame", "window", "dialog", "filler", "panel", "application");

    /** A unique selector and the title of its window. */
    record Resolved(String selector, String windowTitle) {}

    private final DesktopService desktop;

    PointSelectors(DesktopService desktop) {
        this.desktop = desktop;
    }

    /** The unique selector of what is at {@code point}, or {@code null}. */
    Resolved resolve(long[] point, CancellationToken cancellation) {
        try {
            List<UiElement> there = desktop.findElements(
                            query("contains=" + point[0] + "," + point[1], ElementScope.ALL), cancellation)
                    .elements();
            Optional<UiElement> innermost = there.stream()
                    .filter(PointSelectors::named)
                    .min(Comparator.comparingLong(
                            e -> e.bounds().width() * e.bounds().height()));
            if (innermost.isEmpty()) {
                return null;
            }
            UiElement element = innermost.get();
            String selector = "role-exact=" + element.role() + ",label-exact=" + element.label();
            ElementScope window = new ElementScope(null, element.windowTitle(), null);
            List<UiElement> matching =
                    desktop.findElements(query(selector, window), cancellation).elements();
            return matching.size() == 1 ? new Resolved(selector, element.windowTitle()) : null;
        } catch (DesktopException | SelectorException e) {
            return null; // the point is recorded as it is
        }
    }

    /** An element a selector can name again: a role, a label, a window title, no comma (the selector's separator). */
    private static boolean named(UiElement element) {
        return element.role() != null
                && !CONTAINERS.contains(element.role())
                && element.label() != null
                && !element.label().isBlank()
                && element.windowTitle() != null
                && !element.windowTitle().isBlank()
                && (element.role() + element.label()).indexOf(',') < 0
                && element.bounds() != null
                && element.bounds().hasArea();
    }

    private static ElementQuery query(String selector, ElementScope scope) throws SelectorException {
        return new ElementQuery(Selector.parse(selector), scope, 0, false, null, null);
    }
}
