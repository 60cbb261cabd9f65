package org.praefectus.linux.desktop;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import org.praefectus.api.desktop.DesktopWindow;
import org.praefectus.api.desktop.ElementScope;
import org.praefectus.api.desktop.WindowListing;
import org.praefectus.api.desktop.WindowQuery;
import org.praefectus.api.executor.CancellationToken;

/**
 * {@code windows} (IPC {@code list_windows}): the desktop's windows, filtered and sorted as PeekabooX's
 * {@code ListWindows} does. The data carries {@code backend_name}, {@code backend_kind} and
 * {@code warnings}, and with {@code diagnose} what each backend contributed.
 */
public final class WindowsVerb {

    private final WindowDirectory directory;

    public WindowsVerb(WindowDirectory directory) {
        this.directory = directory;
    }

    public WindowListing run(WindowQuery options, CancellationToken cancellation, long deadlineAtMs) {
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
        List<WindowListing.BackendReport> diagnostics = null;
        if (options.diagnose()) {
            diagnostics = new ArrayList<>();
            for (String backend : List.of("x11", "at-spi")) {
                boolean requested =
                        options.backend().equals("auto") || options.backend().equals(backend);
                String prefix = backend + ": ";
                String failure = listing.warnings().stream()
                        .filter(w -> w.startsWith(prefix))
                        .findFirst()
                        .orElse(null);
                diagnostics.add(new WindowListing.BackendReport(
                        backend,
                        requested,
                        requested && failure == null,
                        requested ? failure == null ? null : failure.substring(prefix.length()) : "not requested",
                        listing.windows().stream()
                                .filter(w -> w.backend().contains(backend))
                                .count()));
            }
        }
        return new WindowListing(
                windows, listing.backend(), listing.warnings(), listing.cacheHit(), listing.cacheAgeMs(), diagnostics);
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
