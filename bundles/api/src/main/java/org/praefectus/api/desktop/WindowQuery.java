package org.praefectus.api.desktop;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
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

    /**
     * The windows of {@code listed} this query asks for: filtered by ID, app, title, title pattern and focus, sorted
     * by {@link #sort()} (the listing's order when {@code null}), at most {@link #limit()} (PeekabooX's
     * {@code ListWindows}). Every platform's {@code windows} answers through this.
     */
    public List<DesktopWindow> select(List<DesktopWindow> listed) {
        List<DesktopWindow> windows = new ArrayList<>();
        for (DesktopWindow window : listed) {
            if ((id == null || ElementScope.sameId(window.id(), id))
                    && (app == null || contains(window.appId(), app))
                    && (title == null || contains(window.title(), title))
                    && (titleRegex == null || matches(titleRegex, window.title()))
                    && (!focused || window.focused())) {
                windows.add(window);
            }
        }
        if (sort != null) {
            windows.sort(order(sort));
        }
        if (limit > 0 && windows.size() > limit) {
            windows = new ArrayList<>(windows.subList(0, limit));
        }
        return List.copyOf(windows);
    }

    private static boolean matches(Pattern pattern, String text) {
        return text != null && pattern.matcher(text).find();
    }

    private static boolean contains(String text, String part) {
        return text != null && text.toLowerCase(Locale.ROOT).contains(part.toLowerCase(Locale.ROOT));
    }

    /**
     * The order {@code sort} names; a window without the field sorted on (no title, app, bounds…: macOS and Windows
     * may list such windows) comes after those with it.
     */
    private static Comparator<DesktopWindow> order(String sort) {
        Comparator<DesktopWindow> byId = Comparator.comparing(DesktopWindow::id);
        return switch (sort) {
            case "backend" -> by(DesktopWindow::backend).thenComparing(byId);
            case "focused" ->
                Comparator.comparing((DesktopWindow w) -> !w.focused()).thenComparing(byId);
            case "title" -> by(w -> lower(w.title())).thenComparing(byId);
            case "app" -> by(w -> lower(w.appId())).thenComparing(byId);
            case "area" ->
                Comparator.comparingLong((DesktopWindow w) -> w.bounds() == null
                                ? -1
                                : w.bounds().width() * w.bounds().height())
                        .reversed()
                        .thenComparing(byId);
            case "state" -> by(DesktopWindow::state).thenComparing(byId);
            default -> byId;
        };
    }

    private static Comparator<DesktopWindow> by(java.util.function.Function<DesktopWindow, String> field) {
        return Comparator.comparing(field, Comparator.nullsLast(Comparator.naturalOrder()));
    }

    private static String lower(String text) {
        return text == null ? null : text.toLowerCase(Locale.ROOT);
    }

    @Override
    public String toString() {
        return "WindowQuery[redacted]";
    }
}
