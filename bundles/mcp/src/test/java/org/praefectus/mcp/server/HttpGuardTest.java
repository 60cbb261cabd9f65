package org.praefectus.mcp.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** DNS-rebinding protection: which Host and Origin values a loopback endpoint accepts. */
class HttpGuardTest {

    private final HttpGuard loopback = new HttpGuard("", Set.of(), 1024, true);

    private static int status(Optional<HttpGuard.Refusal> refusal) {
        return refusal.map(HttpGuard.Refusal::status).orElse(200);
    }

    @Test
    void loopbackHostNamesWithOrWithoutPortAreAccepted() {
        for (String host : new String[] {"localhost", "localhost:8765", "127.0.0.1:1", "[::1]:8765", "[::1]"}) {
            assertEquals(200, status(loopback.check(null, null, host, null, 10)), host);
        }
    }

    @Test
    void aReboundNameIsRefusedEvenWithoutAnOrigin() {
        for (String host : new String[] {
            "evil.example.com",
            "evil.example.com:8765",
            "127.0.0.1.evil.example",
            "localhost.evil.example:80",
            "localhost:80x",
            "[::1]x",
            ""
        }) {
            assertEquals(403, status(loopback.check(null, null, host, null, 10)), host);
        }
        assertEquals(403, status(loopback.check(null, null, null, null, 10)));
    }

    @Test
    void aNonLoopbackBindLeavesHostToTheTokenButStillChecksOrigin() {
        HttpGuard wide = new HttpGuard("t", Set.of("https://app.example"), 1024, false);
        assertEquals(200, status(wide.check("Bearer t", null, "desk.lan:8765", null, 10)));
        assertEquals(200, status(wide.check("Bearer t", null, "desk.lan:8765", "https://app.example", 10)));
        assertEquals(403, status(wide.check("Bearer t", null, "desk.lan:8765", "https://evil.example", 10)));
        assertEquals(401, status(wide.check("Bearer x", null, "desk.lan:8765", null, 10)));
    }

    @Test
    void originsNamingLoopbackByDigitsOnly() {
        assertTrue(loopback.originAllowed("http://127.0.0.1:3000"));
        assertTrue(loopback.originAllowed("http://localhost"));
        assertFalse(loopback.originAllowed("http://127.0.0.1.evil.example"));
        assertFalse(loopback.originAllowed("http://127.evil.example"));
        assertEquals(403, status(loopback.check(null, null, "localhost", "http://evil.example.com", 10)));
    }

    /** Regression (issue 17, defect 9): "bearer" was refused, and PeekabooX's own token header too. */
    @Test
    void theBearerSchemeIsCaseInsensitiveAndThePeekabooxHeaderIsAccepted() {
        String token = "0123456789abcdef0123";
        HttpGuard guarded = new HttpGuard(token, Set.of(), 1024, true);
        assertEquals(200, status(guarded.check("bearer " + token, null, "localhost", null, 10)));
        assertEquals(200, status(guarded.check("BEARER " + token, null, "localhost", null, 10)));
        assertEquals(200, status(guarded.check(null, token, "localhost", null, 10)));
        assertEquals(401, status(guarded.check("Basic " + token, null, "localhost", null, 10)));
        assertEquals(401, status(guarded.check(null, token + "x", "localhost", null, 10)));
        assertEquals(401, status(guarded.check(null, null, "localhost", null, 10)));
    }

    @Test
    void aDeclaredLengthOverTheLimitIs413() {
        assertEquals(413, status(loopback.check(null, null, "localhost", null, 1025)));
        assertEquals(200, status(loopback.check(null, null, "localhost", null, 1024)));
    }
}
