package org.praefectus.tests.bridge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.osgi.framework.BundleContext;
import org.osgi.service.cm.ConfigurationAdmin;
import org.osgi.service.component.runtime.ServiceComponentRuntime;
import org.osgi.service.component.runtime.dto.ComponentDescriptionDTO;
import org.osgi.test.common.annotation.InjectBundleContext;
import org.osgi.test.common.annotation.InjectService;

/** The bridge as DS components in Felix: ConfigAdmin starts it, real HTTP reaches it, a run completes. */
class BridgeComponentTest {

    @InjectBundleContext
    BundleContext context;

    @InjectService
    ConfigurationAdmin configurationAdmin;

    @InjectService
    ServiceComponentRuntime scr;

    @Test
    void bothAdaptersAreServices() throws Exception {
        assertEquals(2, context.getServiceReferences("org.praefectus.bridge.adapter.AgentAdapter", null).length);
    }

    @Test
    void withoutItsConfigurationTheBridgeWaitsInsteadOfFailing() throws Exception {
        ComponentDescriptionDTO description =
                scr.getComponentDescriptionDTO(bridgeBundle(), "org.praefectus.bridge.component.BridgeComponent");
        assertEquals("require", description.configurationPolicy);
        // no configuration, no instance: nothing was attempted, so nothing failed
        assertTrue(scr.getComponentConfigurationDTOs(description).isEmpty());
        assertNull(context.getServiceReference("org.praefectus.bridge.Bridge"));
    }

    @Test
    void configuredBridgeServesAndRunsACodexTask() throws Exception {
        try (InFrameworkBridge bridge = new InFrameworkBridge(context, configurationAdmin)) {
            bridge.configure(Map.of());
            JsonNode health = bridge.awaitHealth();
            assertTrue(health.path("ok").asBoolean(), health::toString);
            assertEquals("healthy", health.path("data").path("status").asText());

            JsonNode record = bridge.awaitFinished(bridge.submit("Write it."));
            assertEquals("completed", record.path("normalized_status").asText(), record::toString);
            assertTrue(Files.isRegularFile(bridge.workspace.resolve("Projects/Site/homepage.md")));
        }
    }

    private org.osgi.framework.Bundle bridgeBundle() {
        for (org.osgi.framework.Bundle b : context.getBundles()) {
            if (b.getSymbolicName().equals("org.praefectus.bridge")) {
                return b;
            }
        }
        throw new AssertionError("the bridge bundle is not installed");
    }
}
