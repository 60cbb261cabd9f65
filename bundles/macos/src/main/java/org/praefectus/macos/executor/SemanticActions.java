package org.praefectus.macos.executor;

import java.util.Map;
import java.util.Set;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.DispatchException;
import org.praefectus.api.executor.EffectKnowledge;
import org.praefectus.api.protocol.Direction;
import org.praefectus.api.protocol.FailureCode;
import org.praefectus.api.protocol.RequestValidation;
import org.praefectus.macos.ax.AxApi;
import org.praefectus.macos.ax.AxValue;

/**
 * The target-addressed accessibility actions: {@code invoke} ({@code AXPress}, never a pointer click),
 * {@code set_value} ({@code AXValue}), {@code select_text} ({@code AXSelectedTextRange}, read back),
 * {@code perform_secondary_action} (an allowlisted name the live element still advertises) and the page
 * scroll actions. Every check happens before the one AX call; after it only an unknown outcome is possible.
 */
final class SemanticActions {

    /**
     * The secondary actions a host may name: the protocol's allowlist, the one the engine validates requests
     * against. {@code AXPress} is never one of them ({@code invoke} owns it), nor {@code AXRaise} (it raises a
     * window, the auxiliary {@code window} action's business, rather than acting on the fenced element).
     */
    static final Set<String> SECONDARY_ALLOWLIST = RequestValidation.SECONDARY_ACTIONS;

    /** Allowlisted names that activate their element like {@code AXPress}: they pass the invoke fence. */
    static final Set<String> ACTIVATION_EQUIVALENT = Set.of("AXConfirm", "AXPick");

    /** The page-scroll action per direction; it synthesizes no input at all. */
    static final Map<Direction, String> PAGE_SCROLL = Map.of(
            Direction.UP, "AXScrollUpByPage",
            Direction.DOWN, "AXScrollDownByPage",
            Direction.LEFT, "AXScrollLeftByPage",
            Direction.RIGHT, "AXScrollRightByPage");

    private final AxApi ax;

    SemanticActions(AxApi ax) {
        this.ax = ax;
    }

    void invoke(LiveElement live, CancellationToken cancellation, long deadlineAtMs) throws DispatchException {
        requireActionable(live);
        if (!live.facts().invokable()) {
            throw DispatchException.unsupported("target does not advertise its activation action");
        }
        perform(live, ElementFacts.PRESS, cancellation, deadlineAtMs);
    }

    void setValue(LiveElement live, String value, CancellationToken cancellation, long deadlineAtMs)
            throws DispatchException {
        requireActionable(live);
        if (!live.facts().valueSettable()) {
            throw DispatchException.unsupported("target value is not settable");
        }
        DispatchException.checkBeforeEffect(cancellation, deadlineAtMs, false);
        if (ax.setText(live.element(), "AXValue", value) != AxApi.SUCCESS) {
            throw DispatchException.ambiguous("accessibility value change failed after dispatch began");
        }
    }

    void selectText(LiveElement live, long start, long length, CancellationToken cancellation, long deadlineAtMs)
            throws DispatchException {
        requireActionable(live);
        if (!live.facts().selectionSettable()) {
            throw DispatchException.unsupported("target text selection is not settable");
        }
        if (!(ax.attribute(live.element(), "AXNumberOfCharacters") instanceof AxValue.Numeric characters)
                || start + length > (long) characters.value()) {
            throw DispatchException.noEffect("selection lies outside the target text");
        }
        DispatchException.checkBeforeEffect(cancellation, deadlineAtMs, false);
        if (ax.setRange(live.element(), "AXSelectedTextRange", start, length) != AxApi.SUCCESS) {
            throw DispatchException.ambiguous("accessibility selection change failed after dispatch began");
        }
        if (!(ax.attribute(live.element(), "AXSelectedTextRange") instanceof AxValue.Range range)
                || range.location() != start
                || range.length() != length) {
            throw DispatchException.ambiguous("selection read back differs from the requested range");
        }
    }

    void secondary(LiveElement live, String name, CancellationToken cancellation, long deadlineAtMs)
            throws DispatchException {
        if (ElementFacts.PRESS.equals(name)) {
            throw DispatchException.noEffect("the activation action belongs to invoke");
        }
        if (!SECONDARY_ALLOWLIST.contains(name)) {
            throw DispatchException.noEffect("secondary action is not allowlisted");
        }
        if (ACTIVATION_EQUIVALENT.contains(name)) {
            requireActionable(live);
        } else if (live.facts().hidden() || live.facts().bounds() == null) {
            throw new DispatchException(EffectKnowledge.NO_EFFECT, FailureCode.STALE_TARGET, "target is hidden");
        }
        if (!ax.actions(live.element()).contains(name)) {
            throw DispatchException.unsupported("target no longer advertises this action");
        }
        perform(live, name, cancellation, deadlineAtMs);
    }

    /** Whether the live element advertises the page-scroll action for a direction. */
    boolean scrollsByPage(LiveElement live, Direction direction) {
        return live.facts().actions().contains(PAGE_SCROLL.get(direction));
    }

    void scrollByPage(
            LiveElement live, Direction direction, long amount, CancellationToken cancellation, long deadlineAtMs)
            throws DispatchException {
        String action = PAGE_SCROLL.get(direction);
        for (long step = 0; step < amount; step++) {
            DispatchException.checkBeforeEffect(cancellation, deadlineAtMs, step > 0);
            if (ax.perform(live.element(), action) != AxApi.SUCCESS) {
                throw DispatchException.ambiguous("accessibility scroll failed after dispatch began");
            }
        }
    }

    private void perform(LiveElement live, String action, CancellationToken cancellation, long deadlineAtMs)
            throws DispatchException {
        DispatchException.checkBeforeEffect(cancellation, deadlineAtMs, false);
        if (ax.perform(live.element(), action) != AxApi.SUCCESS) {
            throw DispatchException.ambiguous("accessibility action failed after dispatch began");
        }
    }

    /** Visible and enabled: the fence of {@code invoke}, {@code set_value} and {@code select_text}. */
    static void requireActionable(LiveElement live) throws DispatchException {
        ElementFacts facts = live.facts();
        if (facts.hidden() || facts.bounds() == null) {
            throw new DispatchException(EffectKnowledge.NO_EFFECT, FailureCode.STALE_TARGET, "target is hidden");
        }
        if (!facts.enabled()) {
            throw new DispatchException(EffectKnowledge.NO_EFFECT, FailureCode.STALE_TARGET, "target is disabled");
        }
    }
}
