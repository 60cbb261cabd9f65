package org.praefectus.mcp.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.praefectus.api.protocol.Actionability;
import org.praefectus.api.protocol.Rect;
import org.praefectus.api.protocol.SemanticElement;

/**
 * #36 defect 4: what the observation already says cannot run is refused before a person is asked, with its own
 * code, instead of being confirmed and then reported {@code stale_target}. The engine is the real one (without a
 * desktop, so only the element's own facts decide here; {@code input_not_allowed} runs in the stdio session).
 */
class KnownRefusalsTest {

    @TempDir
    Path directory;

    private static SemanticElement element(String role, boolean enabled, boolean invokable, boolean editable) {
        return new SemanticElement(
                "e1",
                "a".repeat(64),
                null,
                "b".repeat(64),
                role,
                "x",
                new Rect(0, 0, 10, 10),
                new Actionability(true, enabled, true, true, false, invokable, editable));
    }

    @Test
    void aDisabledCheckBoxIsRefusedBeforeAnyoneIsAsked() throws Exception {
        try (HostFixture host = new HostFixture(directory)) {
            assertEquals(
                    "element_disabled",
                    KnownRefusals.of(
                                    "invoke",
                                    element("check box", false, true, false),
                                    host.services().engine())
                            .orElseThrow()
                            .code());
        }
    }

    @Test
    void setValueOnASliderIsNotEditableAndAnEntryIsFine() throws Exception {
        try (HostFixture host = new HostFixture(directory)) {
            assertEquals(
                    "not_editable",
                    KnownRefusals.of(
                                    "set_value",
                                    element("slider", true, false, false),
                                    host.services().engine())
                            .orElseThrow()
                            .code());
            assertTrue(KnownRefusals.of(
                            "set_value",
                            element("text", true, false, true),
                            host.services().engine())
                    .isEmpty());
            assertEquals(
                    "not_invokable",
                    KnownRefusals.of(
                                    "invoke",
                                    element("text", true, false, true),
                                    host.services().engine())
                            .orElseThrow()
                            .code());
        }
    }
}
