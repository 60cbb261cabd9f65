package org.praefectus.cdp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.Test;

/**
 * Issue 24, defect 1: a browser in another network namespace ({@code unshare -n}) with a relay on this namespace's
 * loopback passed every endpoint check (the socket table was read in the browser's namespace, the connection made in
 * ours). The executor must refuse to connect, and nothing may reach the browser through the relay.
 */
class CdpNetworkNamespaceTest {

    @Test
    void aBrowserInAnotherNetworkNamespaceBehindARelayIsRefused() throws Exception {
        try (Chromium chromium = Chromium.startInOwnNetworkNamespace();
                NamespaceRelay relay = new NamespaceRelay(chromium.port(), chromium.pid())) {
            // through the relay the browser answers as if it listened here
            HttpResponse<String> list = HttpClient.newHttpClient()
                    .send(
                            HttpRequest.newBuilder(URI.create("http://" + chromium.endpoint() + "/json/list"))
                                    .build(),
                            HttpResponse.BodyHandlers.ofString());
            String target =
                    new ObjectMapper().readTree(list.body()).get(0).path("id").asText();
            assertFalse(target.isEmpty());
            String before = relay.seen();

            CdpConfigException refused = assertThrows(CdpConfigException.class, () -> chromium.executor(target));
            assertEquals("the browser process does not own the endpoint", refused.getMessage());
            // the executor refused before it sent anything: not even discovery went through the relay
            assertEquals(before, relay.seen());
        }
    }
}
