package org.praefectus.bridge.http;

import jakarta.servlet.http.HttpServletRequest;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.praefectus.bridge.run.ApiException;
import org.praefectus.bridge.run.RunLimits;

/**
 * What every request must pass before a route sees it, in order: the Host header (DNS rebinding: only the
 * loopback names and {@code host.docker.internal}, or a configured extra name, with the port the request
 * arrived on), the Origin header (absent, as from Praetor's worker, or one of the allowed origins: a web page
 * in the owner's browser must not drive the bridge with a token it learned), no credential in the query
 * string, exactly one Authorization header with the bearer token (constant-time comparison of SHA-256
 * digests; a second header is refused, never "the first wins"), the declared body size.
 */
public final class RequestGuard {

    /** Extra allowed Origin values (comma separated), the executable jar's way to set them. */
    public static final String ENV_ALLOWED_ORIGINS = "PRAETOR_EXECD_ALLOWED_ORIGINS";

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
    private final Set<String> allowedOrigins;
    private final RunLimits limits;

    /**
     * @param extraHosts     Host header names beside the loopback names and {@code host.docker.internal}
     * @param allowedOrigins Origin header values accepted (scheme, host and port, as a browser sends them);
     *                       empty: a request carrying an Origin is refused
     * @param limits         the largest body ({@link RunLimits#maxRequestBytes})
     */
    public RequestGuard(String token, Set<String> extraHosts, Set<String> allowedOrigins, RunLimits limits) {
        this.tokenDigest = sha256(token);
        this.extraHosts = lowerCase(extraHosts);
        this.allowedOrigins = lowerCase(allowedOrigins);
        this.limits = limits;
    }

    private static Set<String> lowerCase(Set<String> values) {
        return values.stream()
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
        List<String> origins = Collections.list(request.getHeaders("Origin"));
        if (!origins.isEmpty()
                && (origins.size() > 1
                        || !allowedOrigins.contains(origins.get(0).toLowerCase(Locale.ROOT)))) {
            throw new ApiException(
                    403,
                    "forbidden_origin",
                    "Requests from this Origin are refused (allowed origins: property allowedOrigins or"
                            + " environment " + ENV_ALLOWED_ORIGINS + ").");
        }
        refuseQueryCredentials(request.getQueryString());
        List<String> authorization = Collections.list(request.getHeaders("Authorization"));
        if (authorization.size() > 1) {
            throw new ApiException(401, "unauthorized", "More than one Authorization header is refused.");
        }
        authenticate(authorization.isEmpty() ? null : authorization.get(0));
        if (request.getContentLengthLong() > limits.maxRequestBytes()) {
            throw new ApiException(413, "payload_too_large", limits.bodyRefusal());
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
