package org.praefectus.api.desktop;

import java.util.Collection;
import java.util.Map;
import java.util.Optional;
import org.osgi.annotation.versioning.ProviderType;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.protocol.Action;
import org.praefectus.api.protocol.Terminal;
import org.praefectus.api.resident.ResidentHost;
import org.praefectus.api.selector.ReadBack;
import org.praefectus.api.selector.UiElement;

/**
 * The desktop's verbs as one typed service, provided by the platform bundle whose executor the engine dispatches
 * to, so every element and coordinate target names an observation that executor made. Surfaces (CLI, socket, gRPC,
 * MCP, workflows) parse their own wire form into these requests and write these results in their own wire form;
 * none builds another's argument strings.
 */
@ProviderType
public interface DesktopService {

    /**
     * The desktop's windows.
     *
     * @throws DesktopException {@code observation_error} when no backend can list them
     */
    WindowListing windows(WindowQuery query, CancellationToken cancellation) throws DesktopException;

    /**
     * The elements a selector finds, each with its observation and tag.
     *
     * @throws DesktopException {@code target_not_found} when the scope names no window, {@code observation_error}
     */
    ElementMatches findElements(ElementQuery query, CancellationToken cancellation) throws DesktopException;

    /**
     * Every window, the active one and its elements (at most {@code limit}, 0 for all).
     *
     * @throws DesktopException {@code observation_error} when no backend can list the windows
     */
    DesktopState desktopState(int limit, CancellationToken cancellation) throws DesktopException;

    /** The longest wait {@link #waitFor} accepts. */
    long MAX_WAIT_MS = 120_000;

    /**
     * Waits until an element matching {@code query} appears or, with {@code gone}, until none does: the elements are
     * read from fresh observations again at each AT-SPI change the desktop announces (and after a short pause
     * without one), at most {@code timeoutMs}. A scope no window matches yet matches no element. A wait whose
     * condition did not hold is an answer ({@link ElementWait#met()} false), not an exception.
     *
     * @throws DesktopException {@code usage} for a timeout outside 0–{@link #MAX_WAIT_MS} or a vision fallback (a wait
     *                          reads accessibility), {@code observation_error} when accessibility is unavailable
     */
    ElementWait waitFor(ElementQuery query, boolean gone, long timeoutMs, CancellationToken cancellation)
            throws DesktopException;

    /**
     * One page of the text of the element {@code query} finds (its best on-screen match among elements with text):
     * {@code length} characters from {@code offset}. A password field's text is never read.
     *
     * @throws DesktopException {@code usage} for an offset below 0 or a length outside 1–{@link TextRead#MAX_PAGE},
     *                          {@code target_not_found} when no element with text matches, {@code not_readable} for a
     *                          password field, {@code observation_error}
     */
    TextRead readText(ElementQuery query, int offset, int length, CancellationToken cancellation)
            throws DesktopException;

    /**
     * What the elements {@code tags} of one observation this platform's executor made (an engine observation of its
     * windows, which MCP and other surfaces hold) hold now: text, value, checked, selected, focused… as
     * {@link ElementQuery} matches carry them, keyed by tag. Tags the observation does not hold, and elements gone
     * since, are left out: a read-back is an answer, never a fence.
     *
     * @throws DesktopException {@code stale_target} when this platform holds no such observation (expired, or made
     *                          by another executor), {@code observation_error}
     */
    Map<String, ReadBack> readBack(String observationId, Collection<String> tags, CancellationToken cancellation)
            throws DesktopException;

    /**
     * Where the pointer is now (PeekabooX's {@code move --current-position}).
     *
     * @throws DesktopException {@code observation_error} when it cannot be read
     */
    UiElement.Point pointer() throws DesktopException;

    /**
     * One input verb: its target resolved against a fresh observation, then (unless a dry run) signed and executed by
     * {@code signer}, the verb repeated as asked while it succeeds. The outcome carries the engine's terminal as it
     * is; a caller reports success only when {@link InputOutcome#succeeded()}.
     *
     * @param signer the host that signs, or {@code null} when none runs: a real verb is then refused
     *               {@code runtime_unavailable}, a dry run shows the unsigned proposal
     * @throws DesktopException refused before anything was signed (no target, a usage error, the signer refused, the
     *                          clipboard cannot be kept under {@link ClipboardRestore#STRICT})
     */
    InputOutcome input(InputRequest request, ResidentHost signer, CancellationToken cancellation)
            throws DesktopException;

    /**
     * The window a succeeded {@code application} launch or switch, or {@code open}, showed, as the executor that
     * carried out {@code action} found it when it decided the action had succeeded; empty for any other terminal or
     * action, and when this service's executor did not carry it out (or two identical actions overlapped: the window
     * is never guessed). Surfaces report it beside the outcome ({@link ApplicationOutcome}).
     */
    Optional<DesktopWindow> windowShownBy(Action action, Terminal terminal);
}
