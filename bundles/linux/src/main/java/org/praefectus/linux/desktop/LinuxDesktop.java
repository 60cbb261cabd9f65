package org.praefectus.linux.desktop;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.praefectus.api.desktop.DesktopException;
import org.praefectus.api.desktop.DesktopService;
import org.praefectus.api.desktop.DesktopState;
import org.praefectus.api.desktop.DesktopWindow;
import org.praefectus.api.desktop.ElementMatches;
import org.praefectus.api.desktop.ElementQuery;
import org.praefectus.api.desktop.ElementScope;
import org.praefectus.api.desktop.ElementWait;
import org.praefectus.api.desktop.InputOutcome;
import org.praefectus.api.desktop.InputRequest;
import org.praefectus.api.desktop.TextRead;
import org.praefectus.api.desktop.WindowListing;
import org.praefectus.api.desktop.WindowQuery;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.executor.ExecutorFailure;
import org.praefectus.api.protocol.Action;
import org.praefectus.api.protocol.Receipt;
import org.praefectus.api.protocol.Terminal;
import org.praefectus.api.resident.ResidentHost;
import org.praefectus.api.selector.ReadBack;
import org.praefectus.api.selector.Selector;
import org.praefectus.api.selector.UiElement;
import org.praefectus.api.vision.ScreenCapture;
import org.praefectus.api.vision.UiElementDetector;
import org.praefectus.linux.executor.LinuxExecutor;

/**
 * The Linux desktop's verbs behind {@link DesktopService}: windows from EWMH joined with AT-SPI, elements from the
 * session's caching finder, input verbs planned against fresh observations of the registered executor.
 */
public final class LinuxDesktop implements DesktopService {

    /** How long a listing may take. */
    static final long LISTING_DEADLINE_MS = 30_000;

    private final WindowsVerb windows;
    private final ElementsVerb elements;
    private final InputVerb input;
    private final WindowDirectory directory;
    private final ElementFinder finder;
    private final ElementWaiter waiter;
    private final TextReader reader;
    private final LinuxExecutor executor;

    /** {@code capture} and {@code detector} may be {@code null}: vision fallback then only warns. */
    public LinuxDesktop(DesktopSession session, ScreenCapture capture, UiElementDetector detector) {
        this.windows = new WindowsVerb(new WindowDirectory(session.executor(), session.accessibleWindows()));
        this.elements = ElementsVerb.of(session, capture, detector);
        this.input = new InputVerb(session.executor());
        this.executor = session.executor();
        this.directory = new WindowDirectory(session.executor());
        this.finder = session.elements();
        this.waiter = new ElementWaiter(session.executor());
        this.reader = new TextReader(session.executor());
    }

    @Override
    public WindowListing windows(WindowQuery query, CancellationToken cancellation) {
        return windows.run(query, cancellation, System.currentTimeMillis() + LISTING_DEADLINE_MS);
    }

    @Override
    public ElementMatches findElements(ElementQuery query, CancellationToken cancellation) throws DesktopException {
        try {
            return elements.run(query, cancellation, System.currentTimeMillis() + LISTING_DEADLINE_MS);
        } catch (ExecutorException e) {
            throw failure(e);
        }
    }

    @Override
    public DesktopState desktopState(int limit, CancellationToken cancellation) {
        long deadline = System.currentTimeMillis() + LISTING_DEADLINE_MS;
        WindowDirectory.Listing listing = directory.list("auto", cancellation, deadline);
        DesktopWindow active = listing.windows().stream()
                .filter(DesktopWindow::focused)
                .findFirst()
                .orElse(null);
        List<String> warnings = new ArrayList<>(listing.warnings());
        List<UiElement> found = List.of();
        if (active != null && active.accessible()) {
            try {
                ElementFinder.Found result = finder.find(
                        Selector.any(), new ElementScope(null, null, active.id()), limit, cancellation, deadline);
                found = result.elements();
                warnings.addAll(result.warnings());
            } catch (ExecutorException e) {
                warnings.add("elements: " + e.getMessage());
            }
        } else {
            warnings.add(active == null ? "there is no active window" : "the active window has no accessibility");
        }
        return new DesktopState(active, listing.windows(), found, listing.backend(), warnings);
    }

    @Override
    public ElementWait waitFor(ElementQuery query, boolean gone, long timeoutMs, CancellationToken cancellation)
            throws DesktopException {
        return waiter.run(query, gone, timeoutMs, cancellation);
    }

    @Override
    public TextRead readText(ElementQuery query, int offset, int length, CancellationToken cancellation)
            throws DesktopException {
        return reader.run(query, offset, length, cancellation);
    }

    @Override
    public UiElement.Point pointer() throws DesktopException {
        long[] at = input.pointer();
        return new UiElement.Point(at[0], at[1]);
    }

    @Override
    public Map<String, ReadBack> readBack(String observationId, Collection<String> tags, CancellationToken cancellation)
            throws DesktopException {
        try {
            return finder.readBack(observationId, tags, cancellation, System.currentTimeMillis() + LISTING_DEADLINE_MS);
        } catch (ExecutorException e) {
            throw e.failure() == ExecutorFailure.STALE_TARGET
                    ? new DesktopException("stale_target", "the observation expired or was made elsewhere")
                    : failure(e);
        }
    }

    @Override
    public InputOutcome input(InputRequest request, ResidentHost signer, CancellationToken cancellation)
            throws DesktopException {
        return input.run(request, signer, cancellation);
    }

    @Override
    public Optional<DesktopWindow> windowShownBy(Action action, Terminal terminal) {
        if (!(terminal instanceof Terminal.Succeeded succeeded)) {
            return Optional.empty();
        }
        Receipt receipt = succeeded.receipt();
        return executor.shownWindows()
                .find(action, receipt.startedAtMs(), receipt.finishedAtMs())
                .flatMap(window -> directory
                        .list("auto", new CancellationToken(), System.currentTimeMillis() + LISTING_DEADLINE_MS)
                        .windows()
                        .stream()
                        .filter(listed -> listed.id().equals(Long.toString(window.id())))
                        .findFirst());
    }

    /** An executor's failure as the desktop's: a typed code, the executor's fixed text. */
    public static DesktopException failure(ExecutorException e) {
        String code = e.failure() == ExecutorFailure.TARGET_NOT_FOUND ? "target_not_found" : "observation_error";
        return new DesktopException(code, e.failure().code() + ": " + e.getMessage());
    }
}
