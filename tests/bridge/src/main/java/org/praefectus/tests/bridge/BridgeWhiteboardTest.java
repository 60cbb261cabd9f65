package org.praefectus.tests.bridge;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.BufferedReader;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.osgi.framework.BundleContext;
import org.osgi.service.cm.ConfigurationAdmin;
import org.osgi.service.servlet.runtime.HttpServiceRuntime;
import org.osgi.service.servlet.runtime.dto.FilterDTO;
import org.osgi.service.servlet.runtime.dto.ServletContextDTO;
import org.osgi.test.common.annotation.InjectBundleContext;
import org.osgi.test.common.annotation.InjectService;

/**
 * The bridge on the HTTP Whiteboard (Felix HTTP Jetty): its servlet and guard filter are registered, the
 * guard refuses before any route, Server-Sent Events stream through Jetty, and a non-loopback host never
 * reaches Jetty's configuration.
 */
class BridgeWhiteboardTest {

    @InjectBundleContext
    BundleContext context;

    @InjectService
    ConfigurationAdmin configurationAdmin;

    @Test
    void servletAndGuardFilterAreOnTheWhiteboardAndJettyListensOnlyOnTheConfiguredLoopbackHost() throws Exception {
        try (InFrameworkBridge bridge = new InFrameworkBridge(context, configurationAdmin)) {
            bridge.configure(Map.of());
            bridge.awaitHealth();
            // Felix HTTP registers its runtime only while Jetty is enabled, i.e. once the bridge configured it
            HttpServiceRuntime runtime = context.getService(context.getServiceReference(HttpServiceRuntime.class));
            List<String> servlets = new ArrayList<>();
            List<FilterDTO> filters = new ArrayList<>();
            for (ServletContextDTO servletContext : runtime.getRuntimeDTO().servletContextDTOs) {
                Arrays.stream(servletContext.servletDTOs).map(s -> s.name).forEach(servlets::add);
                filters.addAll(Arrays.asList(servletContext.filterDTOs));
            }
            assertTrue(servlets.contains("praefectus.bridge"), servlets::toString);
            assertTrue(
                    filters.stream().anyMatch(f -> Arrays.asList(f.servletNames).contains("praefectus.bridge")),
                    "the guard filter names the bridge servlet");
            String endpoints = Arrays.toString(
                    (String[]) runtime.getRuntimeDTO().serviceDTO.properties.get("osgi.http.endpoint"));
            // port 0 in the configuration: Jetty bound a free port, on 127.0.0.1 and nothing else
            assertEquals("[http://127.0.0.1:" + bridge.port + "/]", endpoints);
        }
    }

    @Test
    void theGuardRefusesBeforeAnyRouteInTheContractEnvelope() throws Exception {
        try (InFrameworkBridge bridge = new InFrameworkBridge(context, configurationAdmin)) {
            // the limits and the allowed origins are configuration properties (issue 38, defects 3 and 9)
            bridge.configure(
                    Map.of("maxRequestBytes", 256 * 1024, "allowedOrigins", new String[] {"http://localhost:3000"}));
            bridge.awaitHealth();
            HttpResponse<String> anonymous = bridge.http.send(
                    HttpRequest.newBuilder(URI.create(bridge.base() + "/health"))
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            assertRefused(anonymous, 401, "unauthorized");
            HttpResponse<String> wrong = bridge.http.send(
                    HttpRequest.newBuilder(URI.create(bridge.base() + "/runs/x"))
                            .header("Authorization", "Bearer not-the-token")
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            assertRefused(wrong, 401, "unauthorized");
            HttpResponse<String> inQuery = bridge.http.send(
                    HttpRequest.newBuilder(URI.create(bridge.base() + "/health?token=" + InFrameworkBridge.TOKEN))
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            assertRefused(inQuery, 401, "unauthorized");
            HttpResponse<String> oversize = bridge.http.send(
                    HttpRequest.newBuilder(URI.create(bridge.base() + "/runs"))
                            .header("Authorization", "Bearer " + InFrameworkBridge.TOKEN)
                            .header("Content-Type", "application/json")
                            .POST(HttpRequest.BodyPublishers.ofString("{\"a\":\"" + "x".repeat(300 * 1024) + "\"}"))
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            assertRefused(oversize, 413, "payload_too_large");
            assertTrue(
                    oversize.body().contains("262144") && oversize.body().contains("maxRequestBytes"), oversize::body);
            assertRefused(bridge.get("/nowhere"), 404, "not_found");

            String foreign = raw(
                    bridge.port,
                    "GET /health HTTP/1.1\r\nHost: evil.example:" + bridge.port + "\r\nAuthorization: Bearer "
                            + InFrameworkBridge.TOKEN + "\r\nConnection: close\r\n\r\n");
            assertTrue(foreign.startsWith("HTTP/1.1 403"), foreign);
            assertTrue(foreign.contains("\"forbidden_host\""), foreign);
            String foreignOrigin = raw(
                    bridge.port,
                    "GET /health HTTP/1.1\r\nHost: 127.0.0.1:" + bridge.port + "\r\nOrigin: http://evil.example\r\n"
                            + "Authorization: Bearer " + InFrameworkBridge.TOKEN + "\r\nConnection: close\r\n\r\n");
            assertTrue(foreignOrigin.startsWith("HTTP/1.1 403"), foreignOrigin);
            assertTrue(foreignOrigin.contains("\"forbidden_origin\""), foreignOrigin);
            String allowedOrigin = raw(
                    bridge.port,
                    "GET /health HTTP/1.1\r\nHost: 127.0.0.1:" + bridge.port + "\r\nOrigin: http://localhost:3000\r\n"
                            + "Authorization: Bearer " + InFrameworkBridge.TOKEN + "\r\nConnection: close\r\n\r\n");
            assertTrue(allowedOrigin.startsWith("HTTP/1.1 200"), allowedOrigin);
            String loopbackName = raw(
                    bridge.port,
                    "GET /health HTTP/1.1\r\nHost: localhost:" + bridge.port + "\r\nAuthorization: Bearer "
                            + InFrameworkBridge.TOKEN + "\r\nConnection: close\r\n\r\n");
            assertTrue(loopbackName.startsWith("HTTP/1.1 200"), loopbackName);
            assertFalse(
                    loopbackName.toLowerCase(java.util.Locale.ROOT).contains("\r\nserver:"),
                    "Jetty does not announce itself: " + loopbackName);
        }
    }

    @Test
    void eventsStreamAsServerSentEventsThroughJetty() throws Exception {
        try (InFrameworkBridge bridge = new InFrameworkBridge(context, configurationAdmin)) {
            bridge.configure(Map.of());
            bridge.awaitHealth();
            String runId = bridge.submit("SCENARIO:noise");
            HttpResponse<InputStream> stream = bridge.http.send(
                    HttpRequest.newBuilder(URI.create(bridge.base() + "/runs/" + runId + "/events?after_seq=0"))
                            .header("Authorization", "Bearer " + InFrameworkBridge.TOKEN)
                            .header("Accept", "text/event-stream")
                            .build(),
                    HttpResponse.BodyHandlers.ofInputStream());
            assertEquals(200, stream.statusCode());
            assertTrue(stream.headers().firstValue("Content-Type").orElse("").startsWith("text/event-stream"));
            List<Long> ids = new ArrayList<>();
            String lastType = null;
            try (BufferedReader lines =
                    new BufferedReader(new InputStreamReader(stream.body(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = lines.readLine()) != null) { // the bridge ends the stream after the last event
                    if (line.startsWith("id: ")) {
                        ids.add(Long.parseLong(line.substring(4)));
                    } else if (line.startsWith("event: ")) {
                        lastType = line.substring(7);
                    }
                }
            }
            assertTrue(ids.size() > 300, "the noise scenario writes 300 items: " + ids.size());
            for (int i = 0; i < ids.size(); i++) {
                assertEquals(i + 1, ids.get(i), "ids are the consecutive seqs from 1");
            }
            JsonNode record = bridge.awaitFinished(runId);
            assertEquals("completed", record.path("normalized_status").asText());
            JsonNode page = InFrameworkBridge.JSON.readTree(
                    bridge.get("/runs/" + runId + "/events").body());
            JsonNode events = page.path("data").path("events");
            assertEquals(events.get(events.size() - 1).path("type").asText(), lastType);
        }
    }

    @Test
    void stoppingTheBridgeEndsAnOpenStreamOfARunningRunHonestly() throws Exception {
        InFrameworkBridge bridge = new InFrameworkBridge(context, configurationAdmin);
        try {
            bridge.configure(Map.of());
            bridge.awaitHealth();
            String runId = bridge.submit("SCENARIO:hang");
            await("the run starts")
                    .atMost(Duration.ofSeconds(60))
                    .pollInterval(Duration.ofMillis(20))
                    .until(() -> bridge.get("/runs/" + runId).body().contains("\"status\":\"running\""));
            HttpResponse<InputStream> stream = bridge.http.send(
                    HttpRequest.newBuilder(URI.create(bridge.base() + "/runs/" + runId + "/events?after_seq=0"))
                            .header("Authorization", "Bearer " + InFrameworkBridge.TOKEN)
                            .header("Accept", "text/event-stream")
                            .build(),
                    HttpResponse.BodyHandlers.ofInputStream());
            CompletableFuture<List<String>> types = CompletableFuture.supplyAsync(() -> eventTypes(stream.body()));
            // deletes the configuration and waits until the bridge has stopped: it must not wait for the stream
            bridge.close();
            List<String> seen = types.get(60, TimeUnit.SECONDS);
            // the bridge ends its streams before Jetty stops: the interruption, the final status as the last
            // event, and a clean end of the chunked body (a cut connection shows as "<stream broken ...>")
            assertTrue(seen.contains("run_interrupted"), seen::toString);
            assertEquals("normalized_status", seen.get(seen.size() - 1), seen::toString);
        } finally {
            bridge.close();
        }
    }

    private static List<String> eventTypes(InputStream body) {
        List<String> types = new ArrayList<>();
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(body, StandardCharsets.UTF_8))) {
            String line;
            while ((line = lines.readLine()) != null) {
                if (line.startsWith("event: ")) {
                    types.add(line.substring(7));
                }
            }
        } catch (java.io.IOException e) {
            types.add("<stream broken: " + e.getClass().getSimpleName() + ">");
        }
        return types;
    }

    @Test
    void aNonLoopbackHostNeverReachesJettysConfiguration() throws Exception {
        try (InFrameworkBridge bridge = new InFrameworkBridge(context, configurationAdmin)) {
            bridge.configure(Map.of("host", "0.0.0.0"));
            // the refusal is synchronous with the activation attempt; wait for ConfigAdmin's delivery thread
            await("the bridge component is activated or its activation refused")
                    .atMost(Duration.ofSeconds(30))
                    .pollInterval(Duration.ofMillis(50))
                    .until(() -> context.getServiceReference("org.praefectus.bridge.Bridge") != null
                            || activationAttempted());
            assertNull(context.getServiceReference("org.praefectus.bridge.Bridge"));
            assertNull(
                    configurationAdmin.listConfigurations("(service.pid=org.apache.felix.http)"),
                    "Jetty was never pointed anywhere");
        }
    }

    /** SCR reports a configured but failed component as FAILED_ACTIVATION (or never satisfied). */
    private boolean activationAttempted() throws Exception {
        var scr = context.getService(
                context.getServiceReference(org.osgi.service.component.runtime.ServiceComponentRuntime.class));
        for (var description : scr.getComponentDescriptionDTOs()) {
            if (description.name.equals("org.praefectus.bridge.component.BridgeComponent")) {
                return scr.getComponentConfigurationDTOs(description).stream()
                        .anyMatch(c -> c.state
                                == org.osgi.service.component.runtime.dto.ComponentConfigurationDTO.FAILED_ACTIVATION);
            }
        }
        return false;
    }

    private static void assertRefused(HttpResponse<String> response, int status, String code) throws Exception {
        assertEquals(status, response.statusCode(), response.body());
        JsonNode body = InFrameworkBridge.JSON.readTree(response.body());
        assertFalse(body.path("ok").asBoolean());
        assertTrue(body.path("data").isNull());
        assertEquals(code, body.path("error").path("code").asText(), response.body());
        assertFalse(response.body().contains(InFrameworkBridge.TOKEN), "the token is never echoed");
    }

    @SuppressWarnings("AddressSelection") // "127.0.0.1" is a literal: no lookup, the one address the bridge binds
    private static String raw(int port, String request) throws Exception {
        try (Socket socket = new Socket("127.0.0.1", port)) {
            OutputStream out = socket.getOutputStream();
            out.write(request.getBytes(StandardCharsets.US_ASCII));
            out.flush();
            return new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
