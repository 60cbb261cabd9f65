package org.praefectus.nativecore.desktop;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.praefectus.api.desktop.DesktopWindow;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.Executor;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.protocol.SemanticObservation;

/**
 * What a platform's executor shows the desktop service ({@link NativeDesktop}) above its native calls: its windows,
 * what the elements of its own observations hold now, the pointer. Everything else (observing a window, fencing,
 * dispatch) goes through the {@link Executor} itself, exactly as the engine reaches it.
 */
public interface DesktopPort {

    /** The executor the engine dispatches this platform's actions to. */
    Executor executor();

    /** The one backend that lists windows and elements here ({@code ax}, {@code uia}). */
    String backend();

    /**
     * How keyboard input reaches a fenced element here, as an input outcome's route names it (macOS: events posted to
     * its process; Windows: {@code SendInput} once UI Automation gave it the focus).
     */
    String keyboardRoute();

    /**
     * The desktop's windows, front to back: an observable one carries its surface ({@link DesktopWindow#surfaceId()},
     * {@link DesktopWindow#accessible()}); the frontmost application's window is {@link DesktopWindow#focused()}.
     *
     * @throws ExecutorException {@code unavailable} when accessibility is not granted
     */
    List<DesktopWindow> windows(CancellationToken cancellation, long deadlineAtMs) throws ExecutorException;

    /** An observation this executor made and still holds, or empty (expired, or made by another executor). */
    Optional<SemanticObservation> observation(String observationId);

    /**
     * What the elements {@code tags} of a held observation hold now, keyed by tag. An element gone or changed since
     * (its fingerprint no longer the observed one) is left out.
     *
     * @throws ExecutorException {@code stale_target} when the observation is not held, {@code unavailable}
     */
    Map<String, ElementReading> read(
            String observationId, Set<String> tags, CancellationToken cancellation, long deadlineAtMs)
            throws ExecutorException;

    /**
     * The whole text of one element of a held observation, never a password field's (its reading has the state
     * {@link ElementReading#PASSWORD}, and the service refuses it before asking; the port refuses it too).
     *
     * @throws ExecutorException {@code target_not_found} when it is gone or has no text, {@code stale_target} when
     *                           the observation is not held
     */
    String text(String observationId, String tag, CancellationToken cancellation, long deadlineAtMs)
            throws ExecutorException;

    /**
     * The pointer now, in the coordinates of the executor's coordinate observations.
     *
     * @throws ExecutorException {@code unavailable} when it cannot be read
     */
    long[] pointer() throws ExecutorException;
}
