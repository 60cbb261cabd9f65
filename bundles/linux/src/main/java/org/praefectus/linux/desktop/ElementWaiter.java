package org.praefectus.linux.desktop;

import java.util.List;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.praefectus.api.desktop.DesktopException;
import org.praefectus.api.desktop.DesktopService;
import org.praefectus.api.desktop.ElementQuery;
import org.praefectus.api.desktop.ElementWait;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.executor.ExecutorFailure;
import org.praefectus.api.executor.Settle;
import org.praefectus.api.selector.UiElement;
import org.praefectus.linux.executor.LinuxExecutor;

/**
 * {@code wait-for} ({@link DesktopService#waitFor}), a {@link Settle} wait: the elements are read from fresh
 * observations (a finder without a cache) each time the desktop announces an AT-SPI change ({@code AtspiBus.onChange}), and after
 * {@link #QUIET_MS} without one (a change the toolkit does not announce, or a bus that refused the subscription). Reads
 * are at least {@link #SPACING_MS} apart, so an animating widget's event stream does not turn into back-to-back walks.
 * A cancelled wait is the error {@code cancelled}, never a {@code timeout}.
 */
public final class ElementWaiter {

    /** The longest pause without an AT-SPI change before the elements are read again. */
    static final long QUIET_MS = 250;
    /** The shortest pause between two reads. */
    static final long SPACING_MS = 40;

    private final LinuxExecutor executor;

    public ElementWaiter(LinuxExecutor executor) {
        this.executor = executor;
    }

    public ElementWait run(ElementQuery query, boolean gone, long timeoutMs, CancellationToken cancellation)
            throws DesktopException {
        if (timeoutMs < 0 || timeoutMs > DesktopService.MAX_WAIT_MS) {
            throw new DesktopException("usage", "the timeout is 0 to " + DesktopService.MAX_WAIT_MS + " ms");
        }
        if (query.visionFallback()) {
            throw new DesktopException("usage", "a wait reads accessibility: it takes no vision fallback");
        }
        String condition = gone ? "disappears" : "appears";
        long start = System.currentTimeMillis();
        Semaphore changed = new Semaphore(0);
        AutoCloseable subscription = subscribe(changed);
        try (ElementFinder finder = new ElementFinder(executor, 0)) {
            AtomicInteger lookups = new AtomicInteger();
            AtomicReference<List<UiElement>> found = new AtomicReference<>(List.of());
            Settle.Check<DesktopException> holds = () -> {
                changed.drainPermits();
                // each read has a listing's own deadline: the last one may end after the wait's, and then says so
                found.set(matching(
                        finder, query, cancellation, System.currentTimeMillis() + LinuxDesktop.LISTING_DEADLINE_MS));
                lookups.incrementAndGet();
                return gone == found.get().isEmpty();
            };
            Settle.Outcome outcome = Settle.await(holds, untilChange(changed), start + timeoutMs, cancellation);
            if (outcome == Settle.Outcome.CANCELLED) {
                throw cancelled();
            }
            return new ElementWait(
                    outcome == Settle.Outcome.HELD,
                    condition,
                    System.currentTimeMillis() - start,
                    lookups.get(),
                    found.get());
        } finally {
            close(subscription);
        }
    }

    /**
     * The pause between two reads: at least {@link #SPACING_MS}, then until the next AT-SPI change or {@link #QUIET_MS}
     * without one, never past the wait's bound.
     */
    private static Settle.Pause untilChange(Semaphore changed) {
        return atMostMs -> {
            long end = System.currentTimeMillis() + atMostMs;
            Thread.sleep(Math.min(SPACING_MS, atMostMs));
            changed.tryAcquire(
                    Math.max(0, Math.min(QUIET_MS, end - System.currentTimeMillis())), TimeUnit.MILLISECONDS);
        };
    }

    /** A wait that ends before its condition or bound because the caller cancelled it (or interrupted its thread). */
    private static DesktopException cancelled() {
        return new DesktopException("cancelled", "the wait was cancelled");
    }

    /** The elements that match now; a scope whose window is not there (yet, or any more) has none. */
    private static List<UiElement> matching(
            ElementFinder finder, ElementQuery query, CancellationToken cancellation, long deadline)
            throws DesktopException {
        try {
            List<UiElement> found = finder.find(query.selector(), query.scope(), query.limit(), cancellation, deadline)
                    .elements();
            return found;
        } catch (ExecutorException e) {
            if (e.failure() == ExecutorFailure.TARGET_NOT_FOUND) {
                return List.of();
            }
            if (e.failure() == ExecutorFailure.CANCELLED) {
                throw cancelled();
            }
            throw LinuxDesktop.failure(e);
        }
    }

    /** Releases a permit at each AT-SPI change; {@code null} when the bus gives no events (the pauses still read). */
    private AutoCloseable subscribe(Semaphore changed) {
        try {
            return executor.connections().accessibility().bus().onChange(change -> changed.release());
        } catch (ExecutorException noEvents) {
            return null;
        }
    }

    private static void close(AutoCloseable subscription) {
        if (subscription == null) {
            return;
        }
        try {
            subscription.close();
        } catch (Exception gone) {
            // the bus closed first
        }
    }
}
