package org.praefectus.tests.bridge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.osgi.framework.BundleContext;
import org.osgi.service.cm.ConfigurationAdmin;
import org.osgi.service.servlet.runtime.HttpServiceRuntime;
import org.osgi.test.common.annotation.InjectBundleContext;
import org.osgi.test.common.annotation.InjectService;

/**
 * In Felix HTTP's Jetty, what Jetty itself refuses before any filter (a duplicate Host header, a malformed
 * URI, a head over the limits) is answered in the contract's envelope, not Jetty's HTML page: the bridge's
 * connector replaced Felix's default one on the same port, which the runtime still publishes.
 */
class BridgeJettyErrorsTest {

    @InjectBundleContext
    BundleContext context;

    @InjectService
    ConfigurationAdmin configurationAdmin;

    @Test
    void jettysOwnErrorsAreEnvelopesAndTheBridgeKeepsServing() throws Exception {
        try (InFrameworkBridge bridge = new InFrameworkBridge(context, configurationAdmin)) {
            bridge.configure(Map.of());
            bridge.awaitHealth();
            String host = "Host: 127.0.0.1:" + bridge.port + "\r\n";
            String auth = "Authorization: Bearer " + InFrameworkBridge.TOKEN + "\r\n";
            String close = "Connection: close\r\n\r\n";
            assertEnvelope(
                    bridge,
                    "GET /health HTTP/1.1\r\n" + host + "Host: evil.example\r\n" + auth + close,
                    400,
                    "bad_request");
            assertEnvelope(bridge, "GET /runs/%zz HTTP/1.1\r\n" + host + auth + close, 400, "bad_request");
            assertEnvelope(bridge, "GET /runs/%2e%2e/%2e%2e/x HTTP/1.1\r\n" + host + auth + close, 400, "bad_request");
            assertEnvelope(
                    bridge, "GET /" + "a".repeat(20_000) + " HTTP/1.1\r\n" + host + auth + close, 414, "uri_too_long");
            assertEnvelope(
                    bridge,
                    "GET /health HTTP/1.1\r\n" + host + auth + "X-Filler: " + "b".repeat(20_000) + "\r\n" + close,
                    431,
                    "headers_too_large");
            assertEnvelope(bridge, "BREW /health HTTP/1.1\r\n" + host + auth + close, 405, "method_not_allowed");

            HttpServiceRuntime runtime = context.getService(context.getServiceReference(HttpServiceRuntime.class));
            assertEquals(
                    "[http://127.0.0.1:" + bridge.port + "/]",
                    Arrays.toString((String[])
                            runtime.getRuntimeDTO().serviceDTO.properties.get("osgi.http.endpoint")),
                    "one endpoint: the bridge's connector took the default one's place");
        }
    }

    private static void assertEnvelope(InFrameworkBridge bridge, String request, int status, String code)
            throws Exception {
        String answer = exchange(bridge.port, request);
        assertTrue(answer.startsWith("HTTP/1.1 " + status + " "), answer);
        int headEnd = answer.indexOf("\r\n\r\n");
        assertTrue(
                answer.substring(0, headEnd).toLowerCase(Locale.ROOT).contains("content-type: application/json"),
                answer);
        JsonNode body = InFrameworkBridge.JSON.readTree(answer.substring(headEnd + 4));
        assertFalse(body.path("ok").asBoolean(), answer);
        assertTrue(body.path("data").isNull(), answer);
        assertEquals(code, body.path("error").path("code").asText(), answer);
        assertEquals(200, bridge.get("/health").statusCode(), "the bridge still serves");
    }

    @SuppressWarnings("AddressSelection") // "127.0.0.1" is a literal: no lookup, the one address the bridge binds
    private static String exchange(int port, String request) throws Exception {
        try (Socket socket = new Socket("127.0.0.1", port)) {
            socket.setSoTimeout(30_000);
            OutputStream out = socket.getOutputStream();
            out.write(request.getBytes(StandardCharsets.US_ASCII));
            out.flush();
            ByteArrayOutputStream read = new ByteArrayOutputStream();
            InputStream in = socket.getInputStream();
            byte[] buf = new byte[8192];
            try {
                for (int n; (n = in.read(buf)) > 0; ) {
                    read.write(buf, 0, n);
                }
            } catch (SocketException reset) {
                // a reset after the answer: what was read is the answer
            }
            return read.toString(StandardCharsets.UTF_8);
        }
    }
}
