package org.praefectus.daemon.rpc;

/**
 * Where and how an {@link RpcEndpoint} serves.
 *
 * @param host  the address to bind (a non-loopback address comes only with a token)
 * @param port  the port, 0 for any free one
 * @param token the shared token callers must present ({@code x-peekaboox-token}), or {@code null}
 */
public record RpcSettings(String host, int port, String token) {

    @Override
    public String toString() {
        return "RpcSettings[host=" + host + ", port=" + port + ", token=" + (token == null ? "none" : "set") + "]";
    }
}
