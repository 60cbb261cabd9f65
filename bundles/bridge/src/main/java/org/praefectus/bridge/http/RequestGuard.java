package org.praefectus.bridge.http;

import jakarta.servlet.http.HttpServletRequest;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.praefectus.bridge.run.ApiException;

/**
 * What every request must pass before a route sees it, in order: the Host header (DNS rebinding: only the
 * loopback names and {@code host.docker.internal}, or a configured extra name, with the port the request
 * arrived on), no credential in the
 * query string, the bearer token (constant-time comparison of SHA-256 digests), the declared body size.
 */
public final class RequestGuard {

    /** Largest request body accepted. */
    public static final int MAX_BODY_BYTES = 256 * 1024;

    private static final Set<String> QUERY_CREDENTIALS =
            Set.of("token", "access_token", "auth_token", "bearer", "authorization", "api_key", "key");
    /**
     * The loopback names, and the name Docker gives the host inside a container: Praetor's default base
     * URL is {@code http://host.docker.internal:9417}. Any other name is refused (DNS rebinding).
     */
    private static final List<String> LOOPBACK_NAMES =
            List.of("127.0.0.1", "localhost", "[::1]", "host.docker.internal");

    private final byte[] tokenDigest;
    private final Set<String> extraHosts;

    public RequestGuard(String token, Set<String> extraHosts) {
        this.tokenDigest = sha256(token);
        this.extraHosts = extraHosts.stream()
                .map(h -> h.toLowerCase(Locale.ROOT))
                .collect(java.util.stream.Collectors.toUnmodifiableSet());
    }

    public void check(HttpServletRequest request) throws ApiException {
        if (!hostAllowed(request.getHeader("Host"), request.getLocalPort())) {
            throw new ApiException(
                    403,
                    "forbidden_host",
                    "The Host header is not a name of this bridge (loopback, host.docker.internal or configured).");
        }
        refuseQueryCredentials(request.getQueryString());
        authenticate(request.getHeader("Authorization"));
        if (request.getContentLengthLong() > MAX_BODY_BYTES) {
            throw new ApiException(413, "payload_too_large", "The body exceeds " + MAX_BODY_BYTES + " bytes.");
        }
    }

    /** A credential in the query string would end up in logs and proxies: refused whatever its value. */
    static void refuseQueryCredentials(String query) throws ApiException {
        for (String name : QueryString.names(query)) {
            if (QUERY_CREDENTIALS.contains(name.toLowerCase(Locale.ROOT))) {
                throw new ApiException(
                        401,
                        "unauthorized",
                        "Credentials in the query string are refused; use the Authorization header.");
            }
        }
    }

    boolean hostAllowed(String host, int port) {
        if (host == null) {
            return false;
        }
        String given = host.toLowerCase(Locale.ROOT);
        for (String name : LOOPBACK_NAMES) {
            if (given.equals(name + ":" + port)) {
                return true;
            }
        }
        for (String extra : extraHosts) {
            if (given.equals(extra.contains(":") ? extra : extra + ":" + port)) {
                return true;
            }
        }
        return false;
    }

    private void authenticate(String header) throws ApiException {
        if (header == null || !header.regionMatches(true, 0, "Bearer ", 0, 7)) {
            throw new ApiException(401, "unauthorized", "Missing bearer token.");
        }
        if (!MessageDigest.isEqual(sha256(header.substring(7).trim()), tokenDigest)) {
            throw new ApiException(401, "unauthorized", "Invalid bearer token.");
        }
    }

    private static byte[] sha256(String value) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(value.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }
}
