package org.praefectus.api.vision;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import org.junit.jupiter.api.Test;

class OcclusionTest {

    @Test
    void aCoveredSliverIsNeverRoundedToNothing() {
        assertEquals(0.001, Occlusion.fraction(1, 1_000_000));
        assertEquals(0.25, Occlusion.fraction(25, 100));
        assertEquals(1.0, Occlusion.fraction(100, 100));
        assertThrows(IllegalArgumentException.class, () -> Occlusion.fraction(0, 100));
        assertThrows(IllegalArgumentException.class, () -> Occlusion.fraction(101, 100));
        assertThrows(IllegalArgumentException.class, () -> new Occlusion(0, List.of()));
        assertThrows(
                IllegalArgumentException.class, () -> new Occlusion(0.5, List.of()), "an occlusion names its windows");
    }

    @Test
    void theWarningNamesTheCoveringWindowsInJsonAndAsALine() {
        Occlusion occlusion = new Occlusion(
                0.375,
                List.of(
                        new Occlusion.CoveringWindow("4194307", "Upper", "xmessage"),
                        new Occlusion.CoveringWindow("123", null, null)));
        JsonNode json = new ObjectMapper().valueToTree(occlusion);
        assertEquals("occluded", json.get("code").asText());
        assertEquals(0.375, json.get("covered_fraction").asDouble());
        assertEquals("4194307", json.at("/covering/0/window_id").asText());
        assertEquals("Upper", json.at("/covering/0/title").asText());
        assertEquals("xmessage", json.at("/covering/0/app").asText());
        assertEquals("", json.at("/covering/1/title").asText());
        assertEquals(
                "occluded: 37.5% of the window is covered by other windows (the pixels there are theirs):"
                        + " 4194307 \"Upper\" (xmessage), 123",
                occlusion.line());
        assertEquals(occlusion.line(), "occluded: " + json.get("message").asText());
    }
}
