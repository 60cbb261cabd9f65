package org.praefectus.mcp.server;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The checks in front of the Streamable HTTP endpoint, before the SDK sees a request: bearer token (401),
 * foreign {@code Origin} or, on a loopback bind, a {@code Host} that is not a loopback name (403, DNS-rebinding
 * protection: a browser on a rebound name sends that name as Host even without an Origin), declared body size
 * (413; a chunked body is cut at the same limit by the SDK while it reads it, before anything is parsed).
 * Loopback origins are always allowed; others only when configured.
 *
 * @param token           required bearer token, or empty for none
 * @param allowedOrigins  extra allowed origins, exactly as sent ({@code https://app.example})
 * @param maxRequestBytes largest accepted body
 * @param loopbackBind    whether the server listens on loopback only (then Host must name loopback)
 */
public record HttpGuard(String token, Set<String> allowedOrigins, long maxRequestBytes, boolean loopbackBind) {

    /** A refusal: the status and a fixed message. */
    public record Refusal(int status, String message) {}

    public HttpGuard {
        allowedOrigins = Set.copyOf(allowedOrigins);
    }

    // compiled once: every request's Host header is checked against them
    private static final Pattern IPV4_LOOPBACK = Pattern.compile("127\\.[0-9]{1,3}\\.[0-9]{1,3}\\.[0-9]{1,3}");
    private static final Pattern PORT = Pattern.compile(":[0-9]{1,5}");

    /**
     * Whether a bind address or host name is loopback; a non-loopback bind requires a token. {@code 127.} must
     * be followed by digits only: {@code 127.0.0.1.attacker.example} is a DNS name, not loopback.
     */
    public static boolean isLoopback(String host) {
        String h = host.toLowerCase(Locale.ROOT);
        return h.equals("localhost")
                || h.equals("::1")
                || h.equals("[::1]")
                || IPV4_LOOPBACK.matcher(h).matches();
    }

    /** The shortest accepted token: a shorter one is guessable and refused at startup. */
    public static final int MIN_TOKEN_LENGTH = 16;

    /**
     * @param authorization  the {@code Authorization} header, or {@code null}
     * @param peekabooxToken the {@code X-PeekabooX-MCP-Token} header (PeekabooX clients send it), or {@code null}
     * @param host           the {@code Host} header, or {@code null}
     * @param origin         the {@code Origin} header, or {@code null}
     * @param contentLength  the declared body length, or -1
     */
    public Optional<Refusal> check(
            String authorization, String peekabooxToken, String host, String origin, long contentLength) {
        if (!token.isEmpty() && !tokenMatches(presentedToken(authorization, peekabooxToken))) {
            return Optional.of(new Refusal(401, "missing or wrong bearer token"));
        }
        if (loopbackBind && (host == null || !loopbackHostHeader(host))) {
            return Optional.of(new Refusal(403, "host not allowed"));
        }
        if (origin != null && !originAllowed(origin)) {
            return Optional.of(new Refusal(403, "origin not allowed"));
        }
        if (contentLength > maxRequestBytes) {
            return Optional.of(new Refusal(413, "request body too large"));
        }
        return Optional.empty();
    }

    /**
     * The token a request presents: {@code Authorization: Bearer T} (the scheme in any case, RFC 9110) or
     * PeekabooX's {@code X-PeekabooX-MCP-Token: T}; empty when neither is there.
     */
    public static String presentedToken(String authorization, String peekabooxToken) {
        if (authorization != null) {
            String a = authorization.strip();
            int space = a.indexOf(' ');
            if (space > 0 && a.substring(0, space).equalsIgnoreCase("bearer")) {
                return a.substring(space + 1).strip();
            }
            return "";
        }
        return peekabooxToken == null ? "" : peekabooxToken.strip();
    }

    private boolean tokenMatches(String presented) {
        return MessageDigest.isEqual(
                token.getBytes(StandardCharsets.UTF_8), presented.getBytes(StandardCharsets.UTF_8));
    }

    /** {@code localhost}, {@code 127.x.y.z} or {@code [::1]}, each with an optional port. */
    static boolean loopbackHostHeader(String host) {
        String name = host.trim();
        if (name.startsWith("[")) {
            int end = name.indexOf(']');
            return end > 0 && isLoopback(name.substring(0, end + 1)) && portOrNothing(name.substring(end + 1));
        }
        int colon = name.indexOf(':');
        String bare = colon < 0 ? name : name.substring(0, colon);
        return !bare.isEmpty() && isLoopback(bare) && portOrNothing(colon < 0 ? "" : name.substring(colon));
    }

    private static boolean portOrNothing(String rest) {
        return rest.isEmpty() || PORT.matcher(rest).matches();
    }

    boolean originAllowed(String origin) {
        if (allowedOrigins.contains(origin)) {
            return true;
        }
        try {
            URI uri = new URI(origin);
            String scheme = uri.getScheme();
            return uri.getHost() != null
                    && ("http".equals(scheme) || "https".equals(scheme))
                    && isLoopback(uri.getHost())
                    && uri.getRawPath() != null
                    && uri.getRawPath().isEmpty();
        } catch (Exception e) {
            return false;
        }
    }
}
