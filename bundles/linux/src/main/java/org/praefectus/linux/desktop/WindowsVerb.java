package org.praefectus.linux.desktop;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;
import org.praefectus.api.executor.CancellationToken;

/**
 * {@code windows} (IPC {@code list_windows}): the desktop's windows, filtered and sorted as PeekabooX's
 * {@code ListWindows} does. The data carries {@code backend_name}, {@code backend_kind} and
 * {@code warnings}, and with {@code diagnose} what each backend contributed.
 */
public final class WindowsVerb {

    /** The sort keys PeekabooX accepts. */
    public static final List<String> SORTS = List.of("backend", "focused", "title", "app", "area", "id", "state");
    /** The backends: both joined, or one. */
    public static final List<String> BACKENDS = List.of("auto", "at-spi", "x11");

    /**
     * @param id         exact window ID, or {@code null}
     * @param app        contained in the app ID (ignoring case), or {@code null}
     * @param title      contained in the title (ignoring case), or {@code null}
     * @param titleRegex found in the title, or {@code null}
     * @param focused    only the active window
     * @param limit      at most this many (0: all)
     * @param sort       one of {@link #SORTS}, or {@code null} for the window manager's order
     * @param backend    one of {@link #BACKENDS}
     * @param diagnose   whether to add per-backend diagnostics
     */
    public record Options(
            String id,
            String app,
            String title,
            Pattern titleRegex,
            boolean focused,
            int limit,
            String sort,
            String backend,
            boolean diagnose) {}

    private final WindowDirectory directory;

    public WindowsVerb(WindowDirectory directory) {
        this.directory = directory;
    }

    public Map<String, Object> run(Options options, CancellationToken cancellation, long deadlineAtMs) {
        WindowDirectory.Listing listing = directory.list(options.backend(), cancellation, deadlineAtMs);
        List<DesktopWindow> windows = new ArrayList<>();
        for (DesktopWindow window : listing.windows()) {
            if ((options.id() == null || ElementScope.sameId(window.id(), options.id()))
                    && (options.app() == null || contains(window.appId(), options.app()))
                    && (options.title() == null || contains(window.title(), options.title()))
                    && (options.titleRegex() == null
                            || options.titleRegex().matcher(window.title()).find())
                    && (!options.focused() || window.focused())) {
                windows.add(window);
            }
        }
        if (options.sort() != null) {
            windows.sort(order(options.sort()));
        }
        if (options.limit() > 0 && windows.size() > options.limit()) {
            windows = new ArrayList<>(windows.subList(0, options.limit()));
        }
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("windows", windows);
        data.put("count", windows.size());
        data.put("backend_name", listing.backend());
        data.put("backend_kind", listing.backend().replace('-', '_').replace('+', '_'));
        data.put("warnings", listing.warnings());
        data.put("cache_hit", listing.cacheHit());
        data.put("cache_age_ms", listing.cacheAgeMs());
        if (options.diagnose()) {
            List<Map<String, Object>> diagnostics = new ArrayList<>();
            for (String backend : List.of("x11", "at-spi")) {
                Map<String, Object> report = new LinkedHashMap<>();
                report.put("backend", backend);
                boolean requested =
                        options.backend().equals("auto") || options.backend().equals(backend);
                String prefix = backend + ": ";
                String failure = listing.warnings().stream()
                        .filter(w -> w.startsWith(prefix))
                        .findFirst()
                        .orElse(null);
                report.put("attempted", requested);
                report.put("available", requested && failure == null);
                report.put(
                        "reason",
                        requested ? failure == null ? null : failure.substring(prefix.length()) : "not requested");
                report.put(
                        "windows",
                        listing.windows().stream()
                                .filter(w -> w.backend().contains(backend))
                                .count());
                diagnostics.add(report);
            }
            data.put("diagnostics", diagnostics);
        }
        return data;
    }

    private static boolean contains(String text, String part) {
        return text != null && text.toLowerCase(Locale.ROOT).contains(part.toLowerCase(Locale.ROOT));
    }

    private static Comparator<DesktopWindow> order(String sort) {
        Comparator<DesktopWindow> byId = Comparator.comparing(DesktopWindow::id);
        return switch (sort) {
            case "backend" -> Comparator.comparing(DesktopWindow::backend).thenComparing(byId);
            case "focused" ->
                Comparator.comparing((DesktopWindow w) -> !w.focused()).thenComparing(byId);
            case "title" ->
                Comparator.comparing((DesktopWindow w) -> w.title().toLowerCase(Locale.ROOT))
                        .thenComparing(byId);
            case "app" ->
                Comparator.comparing((DesktopWindow w) -> w.appId().toLowerCase(Locale.ROOT))
                        .thenComparing(byId);
            case "area" ->
                Comparator.comparingLong((DesktopWindow w) ->
                                w.bounds().width() * w.bounds().height())
                        .reversed()
                        .thenComparing(byId);
            case "state" -> Comparator.comparing(DesktopWindow::state).thenComparing(byId);
            default -> byId;
        };
    }
}
