package org.praefectus.windows.executor;

import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.DispatchException;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.executor.ResolvedTarget;
import org.praefectus.api.protocol.Action;
import org.praefectus.api.protocol.Direction;
import org.praefectus.api.protocol.VerificationPolicy;
import org.praefectus.windows.uia.UiaApi;
import org.praefectus.windows.uia.UiaNode;

/**
 * The target-addressed actions, through the element's own UI Automation patterns and never through input:
 * {@code invoke} = {@code InvokePattern.Invoke}, {@code set_value} = {@code ValuePattern.SetValue} (only with
 * {@code target_value_hash} verification and a writable value), {@code scroll} = one {@code ScrollPattern}
 * small step, only when the live element reports the pattern and scrollability in that direction. The target
 * is fenced again immediately before the call; a failing HRESULT after it is an unknown outcome.
 */
final class PatternActions {

    /** {@code ScrollAmount_NoAmount}, {@code ScrollAmount_SmallDecrement}, {@code ScrollAmount_SmallIncrement}. */
    static final int NO_AMOUNT = 2;

    static final int SMALL_DECREMENT = 1;
    static final int SMALL_INCREMENT = 4;

    private final UiaApi uia;
    private final UiaResolver resolver;

    PatternActions(UiaApi uia, UiaResolver resolver) {
        this.uia = uia;
        this.resolver = resolver;
    }

    void dispatch(
            Action action,
            ResolvedTarget target,
            VerificationPolicy verification,
            CancellationToken cancellation,
            long deadlineAtMs)
            throws DispatchException {
        if (!(target instanceof ResolvedTarget.Semantic semantic)) {
            throw DispatchException.unsupported("pattern actions need an element target");
        }
        if (action instanceof Action.SetValue && !(verification instanceof VerificationPolicy.TargetValueHash)) {
            throw DispatchException.noEffect("set_value requires target_value_hash verification");
        }
        LiveNode live;
        try {
            live = resolver.resolve(semantic.target(), cancellation, deadlineAtMs);
        } catch (ExecutorException e) {
            throw DispatchException.beforeEffect(e);
        }
        live.requireActionable();
        UiaNode node = live.node();
        int result;
        if (action instanceof Action.Invoke) {
            if (!node.invokable()) {
                throw DispatchException.unsupported("target has no invoke pattern");
            }
            DispatchException.checkBeforeEffect(cancellation, deadlineAtMs, false);
            result = uia.invoke(node.element());
        } else if (action instanceof Action.SetValue setValue) {
            if (!node.valuePattern() || node.valueReadOnly()) {
                throw DispatchException.unsupported("target has no writable value pattern");
            }
            DispatchException.checkBeforeEffect(cancellation, deadlineAtMs, false);
            result = uia.setValue(node.element(), setValue.value());
        } else {
            Action.Scroll scroll = (Action.Scroll) action;
            boolean vertical = scroll.direction() == Direction.UP || scroll.direction() == Direction.DOWN;
            if (!node.scrollPattern() || !(vertical ? node.scrollVertical() : node.scrollHorizontal())) {
                throw DispatchException.unsupported("target has no scroll pattern in that direction");
            }
            if (scroll.amount() != 1) {
                throw DispatchException.noEffect("semantic scrolling moves exactly one step");
            }
            int step = scroll.direction() == Direction.DOWN || scroll.direction() == Direction.RIGHT
                    ? SMALL_INCREMENT
                    : SMALL_DECREMENT;
            DispatchException.checkBeforeEffect(cancellation, deadlineAtMs, false);
            result = vertical
                    ? uia.scroll(node.element(), NO_AMOUNT, step)
                    : uia.scroll(node.element(), step, NO_AMOUNT);
        }
        if (result != UiaApi.S_OK) {
            throw DispatchException.ambiguous("UI Automation pattern call failed after dispatch began");
        }
    }
}
