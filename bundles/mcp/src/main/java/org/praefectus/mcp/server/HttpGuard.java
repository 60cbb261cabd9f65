package org.praefectus.mcp.server;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * The checks in front of the Streamable HTTP endpoint, before the SDK sees a request: bearer token (401),
 * foreign {@code Origin} (403, DNS-rebinding protection), declared body size (413). Loopback origins are
 * always allowed; others only when configured.
 *
 * @param token           required bearer token, or empty for none
 * @param allowedOrigins  extra allowed origins, exactly as sent ({@code https://app.example})
 * @param maxRequestBytes largest accepted body
 */
public record HttpGuard(String token, Set<String> allowedOrigins, long maxRequestBytes) {

    /** A refusal: the status and a fixed message. */
    public record Refusal(int status, String message) {
    }

    public HttpGuard {
        allowedOrigins = Set.copyOf(allowedOrigins);
    }

    /** Whether a bind address is loopback; a non-loopback bind requires a token. */
    public static boolean isLoopback(String host) {
        String h = host.toLowerCase(Locale.ROOT);
        return h.equals("localhost") || h.equals("::1") || h.equals("[::1]") || h.startsWith("127.");
    }

    /**
     * @param authorization the {@code Authorization} header, or {@code null}
     * @param origin        the {@code Origin} header, or {@code null}
     * @param contentLength the declared body length, or -1
     */
    public Optional<Refusal> check(String authorization, String origin, long contentLength) {
        if (!token.isEmpty()) {
            String expected = "Bearer " + token;
            if (authorization == null || !MessageDigest.isEqual(expected.getBytes(StandardCharsets.UTF_8),
                    authorization.getBytes(StandardCharsets.UTF_8))) {
                return Optional.of(new Refusal(401, "missing or wrong bearer token"));
            }
        }
        if (origin != null && !originAllowed(origin)) {
            return Optional.of(new Refusal(403, "origin not allowed"));
        }
        if (contentLength > maxRequestBytes) {
            return Optional.of(new Refusal(413, "request body too large"));
        }
        return Optional.empty();
    }

    boolean originAllowed(String origin) {
        if (allowedOrigins.contains(origin)) {
            return true;
        }
        try {
            URI uri = new URI(origin);
            String scheme = uri.getScheme();
            return uri.getHost() != null && ("http".equals(scheme) || "https".equals(scheme))
                    && isLoopback(uri.getHost()) && uri.getRawPath() != null && uri.getRawPath().isEmpty();
        } catch (Exception e) {
            return false;
        }
    }
}
