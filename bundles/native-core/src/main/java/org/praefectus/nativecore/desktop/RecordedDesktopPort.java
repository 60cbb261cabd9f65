package org.praefectus.nativecore.desktop;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.praefectus.api.desktop.DesktopWindow;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.executor.ExecutorFailure;
import org.praefectus.api.protocol.Rect;
import org.praefectus.api.protocol.SemanticElement;
import org.praefectus.api.protocol.SemanticObservation;
import org.praefectus.nativecore.RecordedObservation;

/**
 * The part of a {@link DesktopPort} that is the same on macOS and Windows: the windows listed from the platform's
 * window records (one whose owner exited while listed left out), and the elements of the executor's own recorded
 * observations found again in their live window, read, or their text read, an element whose fingerprint changed since
 * counting as gone. A platform port keeps only its native calls: the access check, its window records, its observed
 * window and elements found again, what an element holds and its text.
 *
 * @param <W> the platform's observed window (as its {@link RecordedObservation} holds it)
 * @param <E> the platform's record of one element (index path, runtime id) with its fingerprint
 * @param <L> the observed window as it is now (macOS: its AX window; Windows: one cached read of its UIA tree)
 * @param <N> one element found again in it with its observed fingerprint
 */
public abstract class RecordedDesktopPort<W, E, L, N> implements DesktopPort {

    /**
     * One of the platform's window records as the service lists it.
     *
     * @param <R> the platform's window record
     */
    @FunctionalInterface
    protected interface Listing<R> {

        /**
         * @param frontmost whether no window was listed before this one (the platforms list front to back)
         * @throws ExecutorException when the record's owner exited while listed: it is left out
         */
        DesktopWindow window(R record, boolean frontmost) throws ExecutorException;
    }

    /**
     * @throws ExecutorException {@code unavailable} when the platform's accessibility cannot be used (macOS: the
     *                           process is not trusted; Windows: UI Automation is unavailable)
     */
    protected abstract void requireAccess() throws ExecutorException;

    /** The platform's windows front to back, each through {@link #listed(List, Listing)}. */
    protected abstract List<DesktopWindow> listWindows() throws ExecutorException;

    /** The executor's record of an observation it made and still holds, else {@code null}. */
    protected abstract RecordedObservation<W, E> recorded(String observationId);

    /** The observed window as it is now, or empty when it closed (or moved, where that makes it another window). */
    protected abstract Optional<L> liveWindow(RecordedObservation<W, E> record) throws ExecutorException;

    /** The recorded element found again in the live window, or empty when it is gone or its fingerprint changed. */
    protected abstract Optional<N> liveElement(L window, E recorded) throws ExecutorException;

    /** What the element found again holds now. */
    protected abstract ElementReading reading(RecordedObservation<W, E> record, E recorded, N live)
            throws ExecutorException;

    /** Whether the element is a password field, whose text is never read. */
    protected abstract boolean password(N live);

    /** The element's whole text, or {@code null} when it has none. */
    protected abstract String textOf(N live) throws ExecutorException;

    /** The pointer now as the platform reads it, {x, y}, or {@code null} when it cannot. */
    protected abstract long[] pointerNow();

    @Override
    public final List<DesktopWindow> windows(CancellationToken cancellation, long deadlineAtMs)
            throws ExecutorException {
        cancellation.checkBoundary(deadlineAtMs);
        requireAccess();
        return listWindows();
    }

    /** Each of {@code records} as {@code listing} lists it, in their order; one whose owner exited is left out. */
    protected static <R> List<DesktopWindow> listed(List<R> records, Listing<R> listing) {
        List<DesktopWindow> windows = new ArrayList<>();
        for (R record : records) {
            try {
                windows.add(listing.window(record, windows.isEmpty()));
            } catch (ExecutorException exited) {
                // the owner exited while listed: nothing of it is left to show
            }
        }
        return windows;
    }

    /**
     * A window as this port's backend lists it: a missing title or app ID is empty, and it is accessible exactly when
     * it has a surface to observe.
     *
     * @param surfaceId its surface, or {@code null} when it shows nothing to observe
     */
    protected final DesktopWindow window(
            String id,
            String title,
            String appId,
            Rect bounds,
            boolean focused,
            String state,
            long processId,
            String surfaceId) {
        return new DesktopWindow(
                id,
                title == null ? "" : title,
                appId == null ? "" : appId,
                bounds,
                focused,
                state,
                processId,
                surfaceId != null,
                surfaceId,
                backend());
    }

    @Override
    public final Optional<SemanticObservation> observation(String observationId) {
        return Optional.ofNullable(recorded(observationId)).map(RecordedObservation::observation);
    }

    @Override
    public final Map<String, ElementReading> read(
            String observationId, Set<String> tags, CancellationToken cancellation, long deadlineAtMs)
            throws ExecutorException {
        RecordedObservation<W, E> record = RecordedObservation.held(recorded(observationId));
        requireAccess();
        Optional<L> window = liveWindow(record);
        if (window.isEmpty()) {
            return Map.of(); // the window closed or moved: every element is gone from it
        }
        Map<String, ElementReading> readings = new HashMap<>();
        for (SemanticElement element : record.observation().elements()) {
            cancellation.checkBoundary(deadlineAtMs);
            if (tags.contains(element.tag())) {
                E recorded = record.elements().get(element.elementId());
                Optional<N> live = liveElement(window.get(), recorded);
                if (live.isPresent()) {
                    readings.put(element.tag(), reading(record, recorded, live.get()));
                }
            }
        }
        // a permission withdrawn mid-read makes every later read look absent: a partial answer is no answer
        requireAccess();
        return readings;
    }

    @Override
    public final String text(String observationId, String tag, CancellationToken cancellation, long deadlineAtMs)
            throws ExecutorException {
        RecordedObservation<W, E> record = RecordedObservation.held(recorded(observationId));
        requireAccess();
        E recorded = record.element(tag);
        Optional<L> window = liveWindow(record);
        Optional<N> live = window.isEmpty() ? Optional.empty() : liveElement(window.get(), recorded);
        if (live.isEmpty()) {
            throw new ExecutorException(ExecutorFailure.TARGET_NOT_FOUND, "element no longer exists");
        }
        if (password(live.get())) {
            throw new ExecutorException(ExecutorFailure.INVALID_REQUEST, "a password field's text is never read");
        }
        String text = textOf(live.get());
        if (text == null) {
            throw new ExecutorException(ExecutorFailure.TARGET_NOT_FOUND, "the element has no text");
        }
        return text;
    }

    @Override
    public final long[] pointer() throws ExecutorException {
        long[] at = pointerNow();
        if (at == null || at.length != 2) {
            throw new ExecutorException(ExecutorFailure.UNAVAILABLE, "the pointer position cannot be read");
        }
        return at.clone();
    }
}
