package org.praefectus.windows.executor;

import org.praefectus.api.executor.DispatchException;
import org.praefectus.api.executor.EffectKnowledge;
import org.praefectus.api.protocol.FailureCode;
import org.praefectus.nativecore.RecordedObservation;
import org.praefectus.windows.uia.UiaNode;

/**
 * A fenced target found again: the node read now and the observation it came from.
 *
 * @param node   the element as read at resolution (its second, single-element read)
 * @param record the observation
 */
record LiveNode(UiaNode node, RecordedObservation<WindowsWindow, RuntimeIdPath> record) {

    /** Hidden (offscreen or without bounds) and disabled elements are refused before any effect. */
    void requireActionable() throws DispatchException {
        if (node.offscreen() || node.bounds() == null) {
            throw new DispatchException(EffectKnowledge.NO_EFFECT, FailureCode.STALE_TARGET, "target is hidden");
        }
        if (!node.enabled()) {
            throw new DispatchException(EffectKnowledge.NO_EFFECT, FailureCode.STALE_TARGET, "target is disabled");
        }
    }
}
