package org.praefectus.linux.desktop;

import java.util.ArrayList;
import java.util.List;
import org.praefectus.api.desktop.DesktopWindow;
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
        List<DesktopWindow> windows = byCurrentId(options, listing).select(listing.windows());
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

    /** {@code options} naming its window by the ID the window has now ({@link WindowDirectory.Listing#currentId}). */
    private static WindowQuery byCurrentId(WindowQuery options, WindowDirectory.Listing listing) {
        if (options.id() == null) {
            return options;
        }
        return new WindowQuery(
                listing.currentId(options.id()),
                options.app(),
                options.title(),
                options.titleRegex(),
                options.focused(),
                options.limit(),
                options.sort(),
                options.backend(),
                options.diagnose());
    }
}
