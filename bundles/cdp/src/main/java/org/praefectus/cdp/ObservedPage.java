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
 * @param dialog             the open JavaScript dialog this observation shows alone, or {@code null}
 * @param part               which part of the page's elements this observation holds, from 0
 * @param parts              how many parts the page's elements took when it was read
 * @param files              by opaque element ID, the names of the files each file input holds (empty: none chosen);
 *                           an input whose files could not be read is absent
 */
record ObservedPage(
        SemanticObservation observation,
        long executionContextId,
        String documentId,
        Map<String, ObservedNode> nodes,
        PageDialogs.Dialog dialog,
        int part,
        int parts,
        Map<String, java.util.List<String>> files) {

    ObservedPage {
        nodes = Map.copyOf(nodes);
        files = Map.copyOf(files);
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
     * @param offscreen      shown, but outside the viewport at observation (not covered: nothing else was hit)
     * @param frame          the frame whose document holds it
     * @param row            the label of the table row holding it, for a control whose role and name repeat in the
     *                       observation (its row tells it apart), or {@code null}
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
            boolean fileInput,
            boolean offscreen,
            FrameRef frame,
            String row) {}

    /**
     * A frame of the page as observed.
     *
     * @param index              0 for the root frame, 1… for the same-origin child frames (written {@code f1}…)
     * @param frameId            the browser's frame ID
     * @param documentId         the frame's document identity (frame + loader), which its elements' fingerprints bind
     * @param executionContextId the isolated world made for that document
     */
    record FrameRef(int index, String frameId, String documentId, long executionContextId) {}
}
