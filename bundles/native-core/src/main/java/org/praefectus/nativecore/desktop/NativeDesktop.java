package org.praefectus.nativecore.desktop;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
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
import org.praefectus.api.executor.Settle;
import org.praefectus.api.protocol.Action;
import org.praefectus.api.protocol.Terminal;
import org.praefectus.api.resident.ResidentHost;
import org.praefectus.api.selector.ReadBack;
import org.praefectus.api.selector.Selector;
import org.praefectus.api.selector.UiElement;

/**
 * The desktop's verbs on macOS and Windows ({@link DesktopService}), one implementation above each platform's
 * {@link DesktopPort}: windows as the executor lists them, elements from fresh observations of the executor (so every
 * element names an observation the engine can fence), read-back through the port, input planned by
 * {@link NativeInput}. What the platform cannot offer is a typed {@code unsupported}: another window backend, vision
 * fallback (no screen capture or detector here), and the {@link #windowShownBy} of an application verb (never
 * guessed: empty). Each platform bundle registers it through a thin component that extends it over its executor's
 * port, so the registered service is this class and nothing delegates.
 */
public class NativeDesktop implements DesktopService {

    /** How long a listing may take. */
    static final long LISTING_DEADLINE_MS = 30_000;
    /** The pause between two reads of a wait: these platforms announce no accessibility changes to it. */
    static final long WAIT_PAUSE_MS = 250;

    private final DesktopPort port;
    private final NativeElements elements;
    private final NativeInput input;

    public NativeDesktop(DesktopPort port) {
        this.port = port;
        this.elements = new NativeElements(port);
        this.input = new NativeInput(port);
    }

    @Override
    public WindowListing windows(WindowQuery query, CancellationToken cancellation) throws DesktopException {
        if (!query.backend().equals("auto")) {
            throw new DesktopException(
                    "unsupported", "this platform lists windows through " + port.backend() + " only: ask backend auto");
        }
        List<DesktopWindow> listed = listed(cancellation);
        List<WindowListing.BackendReport> diagnostics = query.diagnose()
                ? List.of(new WindowListing.BackendReport(port.backend(), true, true, null, listed.size()))
                : null;
        return new WindowListing(query.select(listed), port.backend(), List.of(), false, 0, diagnostics);
    }

    @Override
    public ElementMatches findElements(ElementQuery query, CancellationToken cancellation) throws DesktopException {
        refuseVision(query);
        try {
            NativeElements.Found found =
                    elements.find(query.selector(), query.scope(), query.limit(), cancellation, deadline());
            return new ElementMatches(found.elements(), false, found.warnings(), false, 0);
        } catch (ExecutorException e) {
            throw failure(e);
        }
    }

    @Override
    public DesktopState desktopState(int limit, CancellationToken cancellation) throws DesktopException {
        List<DesktopWindow> windows = listed(cancellation);
        DesktopWindow active =
                windows.stream().filter(DesktopWindow::focused).findFirst().orElse(null);
        List<String> warnings = new ArrayList<>();
        List<UiElement> found = List.of();
        if (active != null && active.accessible()) {
            try {
                NativeElements.Found read = elements.find(
                        Selector.any(), new ElementScope(null, null, active.id()), limit, cancellation, deadline());
                found = read.elements();
                warnings.addAll(read.warnings());
            } catch (ExecutorException e) {
                warnings.add("elements: " + e.getMessage());
            }
        } else {
            warnings.add(active == null ? "there is no active window" : "the active window has no accessibility");
        }
        return new DesktopState(active, windows, found, port.backend(), warnings);
    }

    /**
     * Reads fresh observations until the condition holds or the bound passes, {@link #WAIT_PAUSE_MS} apart: neither
     * executor announces accessibility changes, so a wait polls (Linux waits for AT-SPI events).
     */
    @Override
    public ElementWait waitFor(ElementQuery query, boolean gone, long timeoutMs, CancellationToken cancellation)
            throws DesktopException {
        if (timeoutMs < 0 || timeoutMs > MAX_WAIT_MS) {
            throw new DesktopException("usage", "the timeout is 0 to " + MAX_WAIT_MS + " ms");
        }
        if (query.visionFallback()) {
            throw new DesktopException("usage", "a wait reads accessibility: it takes no vision fallback");
        }
        long start = System.currentTimeMillis();
        AtomicInteger lookups = new AtomicInteger();
        AtomicReference<List<UiElement>> found = new AtomicReference<>(List.of());
        Settle.Check<DesktopException> holds = () -> {
            found.set(matching(query, cancellation));
            lookups.incrementAndGet();
            return gone == found.get().isEmpty();
        };
        Settle.Outcome outcome = Settle.await(holds, Settle.every(WAIT_PAUSE_MS), start + timeoutMs, cancellation);
        if (outcome == Settle.Outcome.CANCELLED) {
            throw new DesktopException("cancelled", "the wait was cancelled");
        }
        return new ElementWait(
                outcome == Settle.Outcome.HELD,
                gone ? "disappears" : "appears",
                System.currentTimeMillis() - start,
                lookups.get(),
                found.get());
    }

    /** The elements that match now; a scope whose window is not there (yet, or any more) has none. */
    private List<UiElement> matching(ElementQuery query, CancellationToken cancellation) throws DesktopException {
        try {
            return elements.find(query.selector(), query.scope(), query.limit(), cancellation, deadline())
                    .elements();
        } catch (ExecutorException e) {
            if (e.failure() == ExecutorFailure.TARGET_NOT_FOUND) {
                return List.of();
            }
            if (e.failure() == ExecutorFailure.CANCELLED) {
                throw new DesktopException("cancelled", "the wait was cancelled");
            }
            throw failure(e);
        }
    }

    @Override
    public TextRead readText(ElementQuery query, int offset, int length, CancellationToken cancellation)
            throws DesktopException {
        if (offset < 0 || length < 1 || length > TextRead.MAX_PAGE) {
            throw new DesktopException("usage", "offset is at least 0 and length 1 to " + TextRead.MAX_PAGE);
        }
        refuseVision(query);
        long deadline = deadline();
        try {
            UiElement best = null;
            for (UiElement element : elements.find(query.selector(), query.scope(), 0, cancellation, deadline)
                    .elements()) {
                boolean hasText =
                        (element.readBack() != null && element.readBack().textLength() != null)
                                || element.states().contains(ElementReading.PASSWORD);
                if (hasText
                        && element.bounds().hasArea()
                        && (best == null
                                || query.selector().score(element)
                                        > query.selector().score(best))) {
                    best = element;
                }
            }
            if (best == null) {
                throw new DesktopException("target_not_found", "no on-screen element with text matches the selector");
            }
            if (best.states().contains(ElementReading.PASSWORD)) {
                throw new DesktopException("not_readable", "a password field's text is never read, only its length");
            }
            String text = port.text(best.observationId(), best.tag(), cancellation, deadline);
            int total = text.length();
            String page = offset >= total ? "" : text.substring(offset, Math.min(total, offset + length));
            return new TextRead(best, offset, page, total);
        } catch (ExecutorException e) {
            throw failure(e);
        }
    }

    @Override
    public Map<String, ReadBack> readBack(String observationId, Collection<String> tags, CancellationToken cancellation)
            throws DesktopException {
        try {
            Map<String, ReadBack> byTag = new HashMap<>();
            port.read(observationId, Set.copyOf(tags), cancellation, deadline())
                    .forEach((tag, reading) -> byTag.put(tag, reading.readBack()));
            return Map.copyOf(byTag);
        } catch (ExecutorException e) {
            throw e.failure() == ExecutorFailure.STALE_TARGET
                    ? new DesktopException("stale_target", "the observation expired or was made elsewhere")
                    : failure(e);
        }
    }

    @Override
    public UiElement.Point pointer() throws DesktopException {
        long[] at = input.pointer();
        return new UiElement.Point(at[0], at[1]);
    }

    @Override
    public InputOutcome input(InputRequest request, ResidentHost signer, CancellationToken cancellation)
            throws DesktopException {
        return input.run(request, signer, cancellation);
    }

    /** These executors do not record which window an action showed; the window is never guessed. */
    @Override
    public Optional<DesktopWindow> windowShownBy(Action action, Terminal terminal) {
        return Optional.empty();
    }

    private List<DesktopWindow> listed(CancellationToken cancellation) throws DesktopException {
        try {
            return port.windows(cancellation, deadline());
        } catch (ExecutorException e) {
            throw new DesktopException("observation_error", e.failure().code() + ": " + e.getMessage());
        }
    }

    private static void refuseVision(ElementQuery query) throws DesktopException {
        if (query.visionFallback()) {
            throw new DesktopException(
                    "unsupported", "vision fallback needs a screen capture and a detector, which this platform lacks");
        }
    }

    private static long deadline() {
        return System.currentTimeMillis() + LISTING_DEADLINE_MS;
    }

    /** An executor's failure as the desktop's: a typed code, the executor's fixed text. */
    static DesktopException failure(ExecutorException e) {
        String code = e.failure() == ExecutorFailure.TARGET_NOT_FOUND ? "target_not_found" : "observation_error";
        return new DesktopException(code, e.failure().code() + ": " + e.getMessage());
    }
}
