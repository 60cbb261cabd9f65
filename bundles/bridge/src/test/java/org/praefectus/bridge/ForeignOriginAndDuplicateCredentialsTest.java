package org.praefectus.bridge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code Origin: http://evil.example} with a valid token was accepted (a page in the owner's browser that
 * learned the token could drive the bridge), and of two {@code Authorization} headers the first won. A
 * foreign Origin is refused unless configured, and duplicated credentials are refused. Raw HTTP on loopback,
 * so the headers are exactly as written. Issue 38, defect 9.
 */
class ForeignOriginAndDuplicateCredentialsTest extends LiveBridgeTest {

    private RawHttp.Answer get(String headers) throws Exception {
        return RawHttp.exchange(
                fx.port(),
                "GET /health HTTP/1.1\r\nHost: 127.0.0.1:" + fx.port() + "\r\n" + headers
                        + "Connection: close\r\n\r\n");
    }

    private static String bearer(String token) {
        return "Authorization: Bearer " + token + "\r\n";
    }

    @Test
    void aForeignOriginIsRefusedEvenWithTheToken() throws Exception {
        assertEquals(200, get(bearer(BridgeFixture.TOKEN)).status(), "no Origin, as Praetor's worker sends");
        for (String origin : new String[] {"http://evil.example", "null", "http://127.0.0.1:" + fx.port()}) {
            RawHttp.Answer answer = get(bearer(BridgeFixture.TOKEN) + "Origin: " + origin + "\r\n");
            assertEquals(403, answer.status(), answer::toString);
            assertTrue(answer.body().contains("\"forbidden_origin\""), answer::toString);
            assertTrue(answer.body().contains("allowedOrigins"), answer::toString);
        }
    }

    @Test
    void anAllowedOriginIsServed() throws Exception {
        fx.stop();
        fx.environment = Map.of("PRAETOR_EXECD_ALLOWED_ORIGINS", "http://localhost:3000, https://praetor.example");
        fx.start();
        RawHttp.Answer allowed = get(bearer(BridgeFixture.TOKEN) + "Origin: http://localhost:3000\r\n");
        assertEquals(200, allowed.status(), allowed::toString);
        RawHttp.Answer twice =
                get(bearer(BridgeFixture.TOKEN) + "Origin: http://localhost:3000\r\nOrigin: http://evil.example\r\n");
        assertEquals(403, twice.status(), twice::toString);
        RawHttp.Answer other = get(bearer(BridgeFixture.TOKEN) + "Origin: http://evil.example\r\n");
        assertEquals(403, other.status(), other::toString);
    }

    @Test
    void twoAuthorizationHeadersAreRefused() throws Exception {
        for (String headers : new String[] {
            bearer(BridgeFixture.TOKEN) + bearer("wrong-token-0000000"),
            bearer("wrong-token-0000000") + bearer(BridgeFixture.TOKEN),
            bearer(BridgeFixture.TOKEN) + bearer(BridgeFixture.TOKEN)
        }) {
            RawHttp.Answer answer = get(headers);
            assertEquals(401, answer.status(), answer::toString);
            assertTrue(answer.body().contains("\"unauthorized\""), answer::toString);
        }
    }
}
