package org.praefectus.tests.engine;

import java.nio.charset.StandardCharsets;
import org.praefectus.api.protocol.ProtocolJson;

/**
 * The engine tests' host ({@link Requests}: the host kit's {@code HostSigner} with a fresh key, signed invoke
 * requests on the element {@link TestExecutor} observes) opened to the scale-out tests in another module.
 */
public final class FleetHosts {

    private final Requests requests;

    public FleetHosts() {
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
