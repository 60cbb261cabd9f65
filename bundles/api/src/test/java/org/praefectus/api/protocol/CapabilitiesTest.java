package org.praefectus.api.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class CapabilitiesTest {

    private final ObjectMapper json = new ObjectMapper();

    @Test
    void serializesWithTheReferenceFieldNamesAndOrder() throws Exception {
        Capabilities capabilities = Capabilities.of(
                "linux",
                "atspi2",
                SessionIsolation.SHARED_DESKTOP,
                List.of(new ActionCapability("invoke", DeliveryRoute.TARGET_ADDRESSED, BackgroundSupport.GUARDED)),
                Map.of("xtest", true, "atspi_bus", false),
                "ab12");

        assertEquals(
                "{\"platform\":\"linux\",\"backend\":\"atspi2\",\"session_isolation\":\"shared_desktop\","
                        + "\"supported_actions\":[\"invoke\"],\"action_capabilities\":[{\"action\":\"invoke\","
                        + "\"delivery_route\":\"target_addressed\",\"background_support\":\"guarded\"}],"
                        + "\"permissions\":{\"atspi_bus\":false,\"xtest\":true},\"display_geometry_hash\":\"ab12\"}",
                json.writeValueAsString(capabilities));
    }

    @Test
    void supportedActionsMustMatchTheAdvertisedCapabilities() {
        var invoke = new ActionCapability("invoke", DeliveryRoute.TARGET_ADDRESSED, BackgroundSupport.GUARDED);
        assertThrows(
                IllegalArgumentException.class,
                () -> new Capabilities(
                        "linux",
                        "atspi2",
                        SessionIsolation.SHARED_DESKTOP,
                        List.of("click"),
                        List.of(invoke),
                        new TreeMap<>(),
                        ""));
    }

    @Test
    void permissionsCannotBeChangedAfterConstruction() {
        var permissions = new TreeMap<String, Boolean>(Map.of("xtest", true));
        Capabilities capabilities =
                Capabilities.of("linux", "atspi2", SessionIsolation.UNKNOWN, List.of(), permissions, "");
        permissions.put("xtest", false);

        assertEquals(true, capabilities.permissions().get("xtest"));
        assertThrows(
                UnsupportedOperationException.class,
                () -> capabilities.permissions().put("x", true));
    }

    @Test
    void rejectsABlankActionName() {
        assertThrows(
                IllegalArgumentException.class,
                () -> new ActionCapability(" ", DeliveryRoute.POINTER, BackgroundSupport.UNAVAILABLE));
    }
}
