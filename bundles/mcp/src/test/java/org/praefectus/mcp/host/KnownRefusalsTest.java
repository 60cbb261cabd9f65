package org.praefectus.mcp.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.praefectus.api.protocol.ActionCapability;
import org.praefectus.api.protocol.Actionability;
import org.praefectus.api.protocol.BackgroundSupport;
import org.praefectus.api.protocol.Capabilities;
import org.praefectus.api.protocol.DeliveryRoute;
import org.praefectus.api.protocol.Rect;
import org.praefectus.api.protocol.SemanticElement;
import org.praefectus.api.protocol.SessionIsolation;

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

    private static Capabilities wayland(boolean globalInput) {
        return Capabilities.of(
                "linux",
                "atspi2",
                SessionIsolation.SHARED_DESKTOP,
                List.of(
                        new ActionCapability("invoke", DeliveryRoute.TARGET_ADDRESSED, BackgroundSupport.GUARDED),
                        new ActionCapability("click", DeliveryRoute.POINTER, BackgroundSupport.UNAVAILABLE),
                        new ActionCapability("type_text", DeliveryRoute.POINTER, BackgroundSupport.UNAVAILABLE)),
                Map.of("wayland", true, "element_screen_bounds", false, "global_input", globalInput),
                "c".repeat(64));
    }

    @Test
    void pointerInputAtAnElementWhereBoundsAreNotScreenPointsIsRefusedWithThatReason() {
        SemanticElement entry = element("text", true, false, true);
        for (boolean globalInput : new boolean[] {true, false}) {
            KnownRefusals.Refusal click =
                    KnownRefusals.of("click", entry, wayland(globalInput)).orElseThrow();
            assertEquals("unsupported", click.code());
            assertTrue(click.message().contains("not screen points"), click.message());
            assertEquals(
                    "unsupported",
                    KnownRefusals.of("drag", entry, wayland(globalInput))
                            .orElseThrow()
                            .code());
        }
        assertTrue(KnownRefusals.of("invoke", element("push button", true, true, false), wayland(true))
                .isEmpty());
        assertTrue(
                KnownRefusals.of("type_text", entry, wayland(true)).isEmpty(),
                "typing at an element goes through its editable text, not the pointer");
        assertTrue(KnownRefusals.of("click", null, wayland(true)).isEmpty(), "a screen point is fenced as one");
        assertEquals(
                "input_not_allowed",
                KnownRefusals.of("click", null, wayland(false)).orElseThrow().code());
    }
}
