package org.praefectus.api.desktop;

import java.util.List;
import java.util.regex.Pattern;

/**
 * Which windows to list (PeekabooX's {@code list_windows}).
 *
 * @param id         exact window ID, or {@code null}
 * @param app        contained in the app ID (ignoring case), or {@code null}
 * @param title      contained in the title (ignoring case), or {@code null}
 * @param titleRegex found in the title, or {@code null}
 * @param focused    only the active window
 * @param limit      at most this many (0: all)
 * @param sort       one of {@link #SORTS}, or {@code null} for the window manager's order
 * @param backend    one of {@link #BACKENDS}
 * @param diagnose   whether to add a report per backend
 */
public record WindowQuery(
        String id,
        String app,
        String title,
        Pattern titleRegex,
        boolean focused,
        int limit,
        String sort,
        String backend,
        boolean diagnose) {

    /** The sort keys PeekabooX accepts. */
    public static final List<String> SORTS = List.of("backend", "focused", "title", "app", "area", "id", "state");

    /** The backends: both joined ({@code auto}), or one. */
    public static final List<String> BACKENDS = List.of("auto", "at-spi", "x11");

    /** Every window, in the window manager's order, from every backend. */
    public static final WindowQuery ALL = new WindowQuery(null, null, null, null, false, 0, null, "auto", false);

    public WindowQuery {
        backend = backend == null ? "auto" : backend;
        if (!BACKENDS.contains(backend)) {
            throw new IllegalArgumentException("backend is one of " + BACKENDS);
        }
        if (sort != null && !SORTS.contains(sort)) {
            throw new IllegalArgumentException("sort is one of " + SORTS);
        }
        if (limit < 0) {
            throw new IllegalArgumentException("limit is not negative");
        }
    }

    @Override
    public String toString() {
        return "WindowQuery[redacted]";
    }
}
