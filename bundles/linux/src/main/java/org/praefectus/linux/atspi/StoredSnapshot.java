package org.praefectus.linux.atspi;

import java.util.Map;
import org.praefectus.api.protocol.SemanticObservation;

/**
 * What the executor remembers privately about one observation it handed out: the observation itself, the
 * backend object behind every element identity and the window it was taken from. Never leaves the
 * executor: the observation carries only opaque identities.
 *
 * @param observation the observation as handed out
 * @param targets     backend object of each element, by opaque element identity
 * @param window      the surface observed
 */
public record StoredSnapshot(SemanticObservation observation, Map<String, StoredTarget> targets, SurfaceWindow window) {

    public StoredSnapshot {
        targets = Map.copyOf(targets);
    }

    /**
     * One element's backend side.
     *
     * @param object       the accessible object
     * @param invokeAction the index of its one activation action, or -1
     */
    public record StoredTarget(AtspiObject object, int invokeAction) {}
}
