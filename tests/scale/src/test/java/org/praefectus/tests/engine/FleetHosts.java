package org.praefectus.tests.engine;

import java.nio.charset.StandardCharsets;
import org.praefectus.api.protocol.ProtocolJson;

/**
 * The engine tests' signing host ({@link Requests}: a fresh Ed25519 key, signed invoke requests) opened to
 * the scale-out tests, which live in another module. Replaced by the host kit when it lands.
 */
public final class FleetHosts {

    private final Requests requests;

    public FleetHosts() throws Exception {
        this.requests = new Requests();
    }

    /** The pinned-key entry for the engine's authority configuration. */
    public String keyEntry() {
        return requests.keyEntry();
    }

    /** A signed invoke request for {@code operationId}, as JSON. */
    public String signedInvoke(String operationId) throws Exception {
        return new String(
                ProtocolJson.toJson(ProtocolJson.encode(requests.invoke(operationId))), StandardCharsets.UTF_8);
    }
}
