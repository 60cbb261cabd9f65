package org.praefectus.nativecore.input;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.praefectus.api.desktop.DesktopException;
import org.praefectus.api.desktop.DesktopService;
import org.praefectus.api.desktop.InputOutcome;
import org.praefectus.api.desktop.InputRequest;
import org.praefectus.api.engine.EngineException;
import org.praefectus.api.engine.ExecuteReport;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.protocol.ActionAck;
import org.praefectus.api.protocol.ActionRequest;
import org.praefectus.api.protocol.Terminal;
import org.praefectus.api.resident.ActionProposal;
import org.praefectus.api.resident.HostRefusedException;
import org.praefectus.api.resident.ResidentHost;
import org.praefectus.api.selector.UiElement;

/**
 * An input verb's planned proposal taken to its outcome, the same on every platform ({@link DesktopService#input}): a
 * dry run is drafted by the signer (or shown unsigned when none runs); a real verb is signed and executed by it,
 * pressed again as a hotkey's {@code repeat} asks only while it succeeds; then, with {@code restore}, a second signed
 * {@code move} gives the pointer back. A refusal before the first signature is a {@link DesktopException}; after one,
 * the outcome reports what was done.
 */
public final class SignedInput {

    /** What to tell a caller when no resident host runs. */
    public static final String START_DAEMON =
            "no resident runtime is running: start one with `praefectus daemon --allow-input`";

    /** The move back to where the pointer was, planned against a fresh observation like any move. */
    @FunctionalInterface
    public interface RestoreMove {
        ActionProposal plan(long[] position) throws DesktopException;
    }

    /**
     * A planned verb: its proposal, how it will be delivered and the element it aims at (or {@code null}).
     *
     * @param proposal what the signer is asked to sign
     * @param route    how the executor will deliver it, as the outcome reports it
     * @param element  the element aimed at, or {@code null}
     */
    public record Planned(ActionProposal proposal, String route, UiElement element) {}

    private SignedInput() {}

    /**
     * @param restoreTo where the pointer was before the verb ({@code restore}), or {@code null}
     * @param resident  the signing host, or {@code null} (then only a dry run reaches here)
     * @throws DesktopException the signer or the engine refused the first press, before anything was signed
     */
    public static InputOutcome run(
            InputRequest request,
            Planned planned,
            long[] restoreTo,
            ResidentHost resident,
            CancellationToken cancellation,
            RestoreMove restoreMove)
            throws DesktopException {
        if (request.dryRun()) {
            if (resident == null) {
                return outcome(request, planned, restoreTo, null, START_DAEMON, List.of(), null, null);
            }
            try {
                ActionRequest draft = resident.draft(planned.proposal());
                return outcome(request, planned, restoreTo, draft, null, List.of(), null, null);
            } catch (HostRefusedException e) {
                throw new DesktopException(e.code(), e.getMessage());
            }
        }
        List<ActionAck> acknowledgements = new ArrayList<>();
        Terminal last = null;
        int times = request.verb().equals("hotkey") ? request.repeat() : 1;
        for (int i = 0; i < times; i++) {
            if (i > 0 && request.intervalMs() > 0) {
                pause(request.intervalMs());
            }
            try {
                ExecuteReport report = resident.act(planned.proposal(), cancellation);
                acknowledgements.add(report.terminalAck());
                last = report.terminal();
                if (!(report.terminal() instanceof Terminal.Succeeded)) {
                    break; // a repeat continues only after a success
                }
            } catch (HostRefusedException e) {
                if (last == null) {
                    throw new DesktopException(e.code(), e.getMessage());
                }
                break; // an earlier press was signed and succeeded: report it, not the refusal of the next
            } catch (EngineException e) {
                if (last == null) {
                    throw new DesktopException(e.error().code(), "the engine refused the request before a claim");
                }
                break;
            }
        }
        InputOutcome.PointerRestore restore =
                restoreTo == null ? null : restore(restoreTo, last, resident, cancellation, restoreMove);
        return outcome(request, planned, restoreTo, null, null, acknowledgements, last, restore);
    }

    private static InputOutcome outcome(
            InputRequest request,
            Planned planned,
            long[] restoreTo,
            ActionRequest draft,
            String nextAction,
            List<ActionAck> acknowledgements,
            Terminal terminal,
            InputOutcome.PointerRestore restore) {
        return new InputOutcome(
                request,
                planned.proposal(),
                planned.route(),
                planned.element(),
                restoreTo,
                nextAction == null ? "resident" : null,
                draft,
                nextAction,
                acknowledgements,
                terminal,
                restore,
                null);
    }

    /**
     * {@code restore}: after a verb that succeeded, a signed {@code move} back to where the pointer was. After any
     * other outcome the pointer stays: an operation whose outcome is unknown is not followed by another effect. A move
     * back that is refused is reported here ({@code status} {@code refused} with its {@code error}), so the verb's own
     * receipt still comes back.
     */
    private static InputOutcome.PointerRestore restore(
            long[] position,
            Terminal outcome,
            ResidentHost resident,
            CancellationToken cancellation,
            RestoreMove restoreMove) {
        List<Long> at = List.of(position[0], position[1]);
        if (!(outcome instanceof Terminal.Succeeded)) {
            return new InputOutcome.PointerRestore(
                    at, "skipped", "the verb did not succeed, so the pointer stays where it is", null, null);
        }
        try {
            ExecuteReport report = resident.act(restoreMove.plan(position), cancellation);
            return new InputOutcome.PointerRestore(
                    at, report.terminal().kind(), null, InputOutcome.receiptOf(report.terminal()), null);
        } catch (DesktopException e) {
            return refused(at, e.code(), e.getMessage());
        } catch (HostRefusedException e) {
            return refused(at, e.code(), e.getMessage());
        } catch (EngineException e) {
            return refused(at, e.error().code(), e.getMessage());
        }
    }

    private static InputOutcome.PointerRestore refused(List<Long> at, String code, String message) {
        return new InputOutcome.PointerRestore(at, "refused", null, null, Map.of("code", code, "message", message));
    }

    private static void pause(int millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
