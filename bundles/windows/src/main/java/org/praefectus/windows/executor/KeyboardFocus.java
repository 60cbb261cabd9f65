package org.praefectus.windows.executor;

import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.DispatchException;
import org.praefectus.api.executor.EffectKnowledge;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.executor.ResolvedTarget;
import org.praefectus.api.protocol.FailureCode;
import org.praefectus.api.protocol.TargetRef;
import org.praefectus.nativecore.CoordinateFence;
import org.praefectus.windows.uia.UiaApi;
import org.praefectus.windows.uia.UiaNode;

/**
 * Where keyboard input goes. {@code SendInput} has no target: keys reach whatever holds the keyboard focus.
 * Without a target that is the current focus; at a coordinate target too, once the coordinate fence (display
 * geometry and screen content as observed) holds, as on Linux. At an element target the element is fenced live, must be visible
 * and enabled, and is given the focus through UI Automation's {@code SetFocus} (no input synthesized) when it
 * does not hold it; keys are sent only when a read afterwards shows the same element holding the focus in the
 * foreground window, so they never land in whatever happened to be focused instead.
 */
final class KeyboardFocus {

    private final UiaApi uia;
    private final UiaResolver resolver;
    private final CoordinateFence coordinates;

    KeyboardFocus(UiaApi uia, UiaResolver resolver, CoordinateFence coordinates) {
        this.uia = uia;
        this.resolver = resolver;
        this.coordinates = coordinates;
    }

    void take(ResolvedTarget target, CancellationToken cancellation, long deadlineAtMs) throws DispatchException {
        if (target instanceof ResolvedTarget.None) {
            return;
        }
        if (target instanceof ResolvedTarget.Native nativeTarget
                && nativeTarget.handle() instanceof TargetRef.Coordinates point) {
            try {
                coordinates.check(point);
            } catch (ExecutorException e) {
                throw DispatchException.beforeEffect(e);
            }
            return;
        }
        if (!(target instanceof ResolvedTarget.Semantic semantic)) {
            throw DispatchException.unsupported("keyboard input needs an element or coordinate target, or none");
        }
        LiveNode live;
        try {
            live = resolver.resolve(semantic.target(), cancellation, deadlineAtMs);
        } catch (ExecutorException e) {
            throw DispatchException.beforeEffect(e);
        }
        live.requireActionable();
        UiaNode node = live.node();
        if (!node.keyboardFocus()) {
            DispatchException.checkBeforeEffect(cancellation, deadlineAtMs, false);
            if (uia.setFocus(node.element()) != UiaApi.S_OK) {
                throw notFocused();
            }
            node = uia.refresh(node.element()).orElseThrow(KeyboardFocus::notFocused);
        }
        String fingerprint =
                live.record().elements().get(semantic.target().elementId()).fingerprint();
        if (!node.keyboardFocus()
                || !NodeFacts.fingerprint(node).equals(fingerprint)
                || uia.foregroundWindow() != live.record().window().info().handle()) {
            throw notFocused();
        }
    }

    private static DispatchException notFocused() {
        return new DispatchException(
                EffectKnowledge.NO_EFFECT, FailureCode.STALE_TARGET, "the target does not hold the keyboard focus");
    }
}
