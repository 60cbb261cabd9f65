package org.praefectus.bridge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

/**
 * Issue 18, defect 7: what Jetty itself refuses, before the guard or a route sees it, is answered in the
 * contract's envelope with the status Jetty chose, over raw sockets (a JDK client would normalise the
 * duplicate Host away), and the bridge keeps serving after each.
 */
class JettyErrorsTest extends LiveBridgeTest {

    private String auth() {
        return "Authorization: Bearer " + BridgeFixture.TOKEN + "\r\n";
    }

    private String host() {
        return "Host: 127.0.0.1:" + fx.port() + "\r\n";
    }

    private void assertEnvelope(String request, int status, String code) throws Exception {
        RawHttp.Answer answer = RawHttp.exchange(fx.port(), request);
        assertEquals(status, answer.status(), answer::toString);
        assertTrue(answer.contentType().startsWith("application/json"), answer::toString);
        JsonNode body = BridgeFixture.JSON.readTree(answer.body());
        assertEquals(false, body.path("ok").asBoolean(), answer::toString);
        assertTrue(body.path("data").isNull(), answer::toString);
        assertEquals(code, body.path("error").path("code").asText(), answer::toString);
        assertFalse(body.path("error").path("message").asText().isBlank(), answer::toString);
        // and the bridge still serves
        RawHttp.Answer health =
                RawHttp.exchange(fx.port(), "GET /health HTTP/1.1\r\n" + host() + auth() + "Connection: close\r\n\r\n");
        assertEquals(200, health.status(), health::toString);
    }

    @Test
    void aDuplicateHostHeaderIsABadRequestEnvelope() throws Exception {
        assertEnvelope(
                "GET /health HTTP/1.1\r\n" + host() + "Host: evil.example\r\n" + auth() + "Connection: close\r\n\r\n",
                400,
                "bad_request");
    }

    @Test
    void aHostThatIsNoHostIsABadRequestEnvelope() throws Exception {
        assertEnvelope(
                "GET /health HTTP/1.1\r\nHost: 127.0.0.1:notaport\r\n" + auth() + "Connection: close\r\n\r\n",
                400,
                "bad_request");
    }

    @Test
    void aMalformedUriOrPercentEncodingIsABadRequestEnvelope() throws Exception {
        for (String target :
                new String[] {"/runs/%zz", "/runs/%", "/runs/%2e%2e/%2e%2e/etc", "/runs/a%2Fb", "no-slash"}) {
            assertEnvelope(
                    "GET " + target + " HTTP/1.1\r\n" + host() + auth() + "Connection: close\r\n\r\n",
                    400,
                    "bad_request");
        }
    }

    /** Jetty passes a query string on undecoded: the JDK's decoder threw for these, and the guard let it out. */
    @Test
    void aMalformedPercentEscapeInTheQueryIsAValidationErrorEnvelope() throws Exception {
        for (String target : new String[] {"/health?%zz", "/health?after_seq=1&a%=1", "/runs?%"}) {
            assertEnvelope(
                    "GET " + target + " HTTP/1.1\r\n" + host() + auth() + "Connection: close\r\n\r\n",
                    400,
                    "validation_error");
        }
    }

    @Test
    void aUriTooLongIs414AndHeadersTooLarge431() throws Exception {
        assertEnvelope(
                "GET /runs/" + "a".repeat(20_000) + " HTTP/1.1\r\n" + host() + auth() + "Connection: close\r\n\r\n",
                414,
                "uri_too_long");
        assertEnvelope(
                "GET /health HTTP/1.1\r\n" + host() + auth() + "X-Filler: " + "b".repeat(20_000)
                        + "\r\nConnection: close\r\n\r\n",
                431,
                "headers_too_large");
    }

    @Test
    void aBodyOverTheLimitIs413() throws Exception {
        fx.stop(); // a limit below the body (the default, 4 MiB, takes Praetor's largest prompts)
        fx.limits = fx.limits.withRequestLimits(fx.limits.maxTimeoutSeconds(), 256 * 1024);
        fx.start();
        String body = "{\"a\":\"" + "x".repeat(300 * 1024) + "\"}";
        assertEnvelope(
                "POST /runs HTTP/1.1\r\n" + host() + auth() + "Content-Type: application/json\r\nContent-Length: "
                        + body.length() + "\r\nConnection: close\r\n\r\n" + body,
                413,
                "payload_too_large");
        String chunk = Integer.toHexString(body.length()) + "\r\n" + body + "\r\n0\r\n\r\n";
        assertEnvelope(
                "POST /runs HTTP/1.1\r\n" + host() + auth()
                        + "Content-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
                        + chunk,
                413,
                "payload_too_large");
    }

    @Test
    void anUnknownMethodOrBrokenFramingIsAnEnvelope() throws Exception {
        assertEnvelope(
                "BREW /health HTTP/1.1\r\n" + host() + auth() + "Connection: close\r\n\r\n", 405, "method_not_allowed");
        assertEnvelope(
                "POST /runs HTTP/1.1\r\n" + host() + auth()
                        + "Content-Length: 5\r\nContent-Length: 7\r\nConnection: close\r\n\r\n12345",
                400,
                "bad_request");
        assertEnvelope(
                "POST /runs HTTP/1.1\r\n" + host() + auth()
                        + "Transfer-Encoding: gzip\r\nConnection: close\r\n\r\n12345",
                400,
                "bad_request");
        assertEnvelope(
                "GET /health HTTP/9.9\r\n" + host() + auth() + "Connection: close\r\n\r\n",
                505,
                "http_version_not_supported");
    }
}
