package org.praefectus.cdp;

import java.util.Map;
import org.praefectus.api.protocol.SemanticObservation;

/**
 * The executor's private record of its latest observation: the public observation plus, per opaque element ID, the
 * exact DOM node it names. Backend identities never leave the executor.
 *
 * @param observation        the observation handed out
 * @param executionContextId the isolated world the probes run in
 * @param documentId         the root frame's document identity
 * @param nodes              the nodes by opaque element ID
 */
record ObservedPage(
        SemanticObservation observation, long executionContextId, String documentId, Map<String, ObservedNode> nodes) {

    ObservedPage {
        nodes = Map.copyOf(nodes);
    }

    /**
     * One observed element.
     *
     * @param backendNodeId  the DOM node
     * @param semantics      what accessibility said at observation
     * @param pageX          left edge in document coordinates (CSS px) at observation, NaN without a box
     * @param pageY          top edge in document coordinates
     * @param width          box width
     * @param height         box height
     * @param unambiguous    no other element had the same role, name and box
     * @param fingerprintHash the element fingerprint
     * @param states         the element's state at observation
     * @param value          what may be said of its value
     * @param fileInput      whether it is an {@code <input type=file>}
     */
    record ObservedNode(
            long backendNodeId,
            AxSemantics semantics,
            double pageX,
            double pageY,
            double width,
            double height,
            boolean unambiguous,
            String fingerprintHash,
            ElementState states,
            FieldValue value,
            boolean fileInput) {}
}
