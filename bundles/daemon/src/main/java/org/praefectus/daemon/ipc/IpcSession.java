package org.praefectus.daemon.ipc;

import org.praefectus.api.protocol.SemanticObservation;

/** What the daemon remembers for one connection: the last observation, whose tags {@code act} may use. */
final class IpcSession {

    private volatile SemanticObservation observation;

    SemanticObservation observation() {
        return observation;
    }

    void observed(SemanticObservation latest) {
        this.observation = latest;
    }
}
