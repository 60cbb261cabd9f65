package org.praefectus.linux.doctor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The checks in an environment without a desktop: each fails for its own reason and says what to do. */
class DesktopHealthTest {

    @TempDir
    Path folder;

    private static DesktopHealth health(Map<String, String> environment) {
        return new DesktopHealth(environment, Optional.empty(), Optional.empty(), () -> false, Optional.empty());
    }

    private static HealthCheck named(List<HealthCheck> checks, String name) {
        return checks.stream().filter(c -> c.name().equals(name)).findFirst().orElseThrow();
    }

    @Test
    void withoutASessionTheDesktopCategoriesFailWithTheirNextActions() {
        List<HealthCheck> checks = health(Map.of()).check(EnumSet.allOf(HealthCategory.class));
        HealthCheck display = named(checks, "display");
        assertEquals("fail", display.status());
        assertEquals("error", display.severity());
        assertEquals("DISPLAY is not set", display.detail());
        assertNotNull(display.nextAction());
        assertEquals("fail", named(checks, "x11_server").status());
        assertEquals("fail", named(checks, "x11_xtest").status());
        assertEquals(
                "DBUS_SESSION_BUS_ADDRESS is not set",
                named(checks, "session_bus").detail());
        assertEquals("fail", named(checks, "accessibility_bus").status());
        assertEquals("fail", named(checks, "global_input").status());
        assertEquals("warn", named(checks, "resident_runtime").status());
        assertEquals("fail", named(checks, "capture").status());
        assertEquals("fail", named(checks, "tesseract_languages").status());
        assertEquals("ok", named(checks, "plugin_path").status());

        HealthReport report = new HealthReport(checks);
        assertEquals("fail", report.status());
        assertEquals(
                List.of("display", "x11", "session", "accessibility", "input", "capture", "ocr"),
                report.blockedCategories());
        assertEquals(display.nextAction(), report.nextAction());
        @SuppressWarnings("unchecked")
        Map<String, Object> categories = (Map<String, Object>) report.toJson().get("categories");
        assertEquals("fail", ((Map<?, ?>) categories.get("display")).get("status"));
        assertEquals("ok", ((Map<?, ?>) categories.get("plugins")).get("status"));
    }

    @Test
    void onlyTheCategoriesAskedForAreChecked() {
        List<HealthCheck> checks =
                health(Map.of("PRAEFECTUS_ALLOW_GLOBAL_INPUT", "1")).check(EnumSet.of(HealthCategory.INPUT));
        assertEquals(
                Set.of(HealthCategory.INPUT),
                Set.copyOf(checks.stream().map(HealthCheck::category).toList()));
        HealthCheck input = named(checks, "global_input");
        assertTrue(input.passed());
        assertNull(input.nextAction());
        HealthReport report = new HealthReport(checks);
        assertEquals(List.of(), report.blockedCategories());
        assertEquals(List.of("input"), report.warningCategories()); // no resident runtime
        assertEquals("warn", report.status());
    }

    @Test
    void aWaylandSessionRefusesTheX11Paths() {
        List<HealthCheck> checks = health(Map.of("XDG_SESSION_TYPE", "wayland", "WAYLAND_DISPLAY", "wayland-0"))
                .check(EnumSet.of(HealthCategory.DISPLAY, HealthCategory.X11));
        assertEquals("warn", named(checks, "session_type").status());
        assertEquals("fail", named(checks, "display").status());
        assertEquals(
                "the session is Wayland: X11 input and capture are refused",
                named(checks, "x11_server").detail());
    }

    @Test
    void pluginDirectoriesThatDoNotExistWarn() throws Exception {
        Path present = Files.createDirectory(folder.resolve("plugins"));
        HealthCheck plugins = named(
                health(Map.of("PEEKABOOX_PLUGIN_PATH", present + ":" + folder.resolve("missing")))
                        .check(EnumSet.of(HealthCategory.PLUGINS)),
                "plugin_path");
        assertEquals("warn", plugins.status());
        assertEquals("1 of 2 plugin directories exist", plugins.detail());
        assertFalse(plugins.required());
    }

    /** An emergency stop as the input checks read it. */
    private record Stop(boolean armed, boolean tripped, boolean hotkeyEnabled)
            implements DesktopHealth.EmergencyStopState {}

    /** The input checks of a runtime that may send input, with {@code stop}. */
    private static List<HealthCheck> inputChecks(DesktopHealth.EmergencyStopState stop) {
        return new DesktopHealth(
                        Map.of("PRAEFECTUS_ALLOW_GLOBAL_INPUT", "1"),
                        Optional.empty(),
                        Optional.empty(),
                        () -> true,
                        Optional.of(stop))
                .check(EnumSet.of(HealthCategory.INPUT));
    }

    @Test
    void aTrippedEmergencyStopBlocksInput() {
        List<HealthCheck> checks = inputChecks(new Stop(true, true, true));
        HealthCheck stop = named(checks, "emergency_stop");
        assertEquals("fail", stop.status());
        assertEquals(List.of("input"), new HealthReport(checks).blockedCategories());
        assertEquals(stop.nextAction(), new HealthReport(checks).nextAction());
    }

    @Test
    void aHotkeyTurnedOffIsAWarningThatSaysSoAndHowToTurnItOn() {
        List<HealthCheck> checks = inputChecks(new Stop(false, false, false));
        HealthCheck hotkey = named(checks, "emergency_hotkey");
        assertEquals("warn", hotkey.status());
        assertFalse(hotkey.required());
        assertEquals(
                "Ctrl+Alt+Esc is turned off (--no-emergency-hotkey): only `emergency-stop --trigger` stops input",
                hotkey.detail());
        assertEquals("start the daemon without --no-emergency-hotkey", hotkey.nextAction());
        assertEquals("ok", named(checks, "emergency_stop").status());
    }

    @Test
    void operationsNameTheirCategories() {
        assertEquals(
                EnumSet.of(
                        HealthCategory.DISPLAY,
                        HealthCategory.X11,
                        HealthCategory.SESSION,
                        HealthCategory.ACCESSIBILITY,
                        HealthCategory.INPUT),
                Preflight.categoriesOf("click").orElseThrow());
        assertEquals(
                EnumSet.of(HealthCategory.DISPLAY, HealthCategory.CAPTURE),
                Preflight.categoriesOf("capture_screen").orElseThrow());
        assertTrue(Preflight.categoriesOf("launch_missiles").isEmpty());
    }
}
