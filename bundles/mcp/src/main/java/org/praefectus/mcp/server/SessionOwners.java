package org.praefectus.mcp.server;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.praefectus.api.canonical.Sha256;

/**
 * Who created each Streamable HTTP session: a hash of the credential it presented and, on loopback, the peer's
 * user id. A request naming a session with another owner is answered exactly as an unknown session (404), so
 * holding a session id alone lets nobody act on its observation, answer its confirmation or delete it.
 */
final class SessionOwners {

    private final Map<String, String> owners = new ConcurrentHashMap<>();

    /** The owner of a request: credential hash and peer user (or "remote"). */
    static String owner(String credential, java.util.OptionalInt peerUid) {
        String hash = Sha256.hex((credential == null ? "" : credential).getBytes(StandardCharsets.UTF_8));
        return hash + "|" + (peerUid.isPresent() ? "uid=" + peerUid.getAsInt() : "remote");
    }

    void created(String sessionId, String owner) {
        owners.putIfAbsent(sessionId, owner);
    }

    /** Whether this owner may use the session; a session this server never saw is left to the SDK (404). */
    boolean mayUse(String sessionId, String owner) {
        String created = owners.get(sessionId);
        return created == null || created.equals(owner);
    }

    void ended(String sessionId) {
        owners.remove(sessionId);
    }
}
