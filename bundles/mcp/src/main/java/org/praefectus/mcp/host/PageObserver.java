package org.praefectus.mcp.host;

import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.cdp.PageObservation;

/**
 * Observes the browser mode's page: the protocol observation its private engine fences against (the CDP executor
 * resolves targets against its latest one), with each element's state and the compact outline, waits for the
 * page to change between two readings ({@code wait_for}) and reads its previous history entry ({@code navigate_back}).
 */
public interface PageObserver {

    /** Part {@code part} (from 0) of the page's elements. */
    PageObservation observe(int part, CancellationToken cancellation, long deadlineAtMs) throws ExecutorException;

    /**
     * Whether the page shows a JavaScript dialog now ({@link org.praefectus.cdp.CdpExecutor#dialogOpen}): no call to
     * the page.
     */
    boolean dialogOpen();

    /**
     * Waits until the page changes after its last observation, at most {@code quietMs}
     * ({@link org.praefectus.cdp.CdpExecutor#awaitChange}).
     *
     * @return whether it changed
     */
    boolean awaitChange(long quietMs, CancellationToken cancellation, long deadlineAtMs) throws ExecutorException;

    /**
     * The URL of the page's previous history entry, or empty ({@link org.praefectus.cdp.CdpExecutor#previousUrl}).
     */
    java.util.Optional<String> previousUrl(CancellationToken cancellation, long deadlineAtMs) throws ExecutorException;

    /** The page's viewport as PNG ({@link org.praefectus.cdp.CdpExecutor#screenshot}); read-only. */
    org.praefectus.cdp.PageImage screenshot(CancellationToken cancellation, long deadlineAtMs) throws ExecutorException;

    /**
     * Keeps {@code image} in the host's screenshot folder under a name the server chooses, and answers that name; empty
     * when the host gave no folder ({@code --screenshot-dir}).
     *
     * @throws java.io.IOException when the file cannot be written
     */
    java.util.Optional<String> keep(org.praefectus.cdp.PageImage image) throws java.io.IOException;
}
