package org.praefectus.linux.wayland;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.praefectus.linux.capture.ScreenImage;

/**
 * The portal client against the real portal on the Wayland test desktop (scripts/test-wayland-desktop); fails,
 * never skips, anywhere else.
 */
class PortalWaylandCheck {

    private static Map<String, String> environment() {
        Map<String, String> environment = System.getenv();
        if (!"wayland".equals(environment.get("XDG_SESSION_TYPE")) || environment.get("WAYLAND_DISPLAY") == null) {
            fail("this test needs the Wayland test desktop: run it through scripts/test-wayland-desktop");
        }
        return environment;
    }

    @Test
    void theCompositorReportsItsOneVirtualMonitorOverTheWaylandProtocol() throws Exception {
        try (WaylandDesktop desktop = WaylandDesktop.connect(environment())) {
            WaylandLayout layout = desktop.layout();
            assertEquals(1, layout.outputs().size());
            WaylandLayout.Output output = layout.outputs().get(0);
            assertEquals(List.of(0, 0, 1280, 800), List.of(output.x(), output.y(), output.width(), output.height()));
            assertEquals(layout.hash(), desktop.layoutSample().hash());
        }
    }

    @Test
    void aPortalScreenshotIsTheWholeStageAndLeavesNoFileBehind() throws Exception {
        Path pictures = Path.of(environment().get("XDG_RUNTIME_DIR"), "pictures");
        try (WaylandDesktop desktop = WaylandDesktop.connect(environment())) {
            ScreenImage screen = desktop.screenshots().captureScreen(System.currentTimeMillis() + 20_000);
            assertEquals(1280, screen.width());
            assertEquals(800, screen.height());
            // not a blank frame: gnome-shell's background and panel differ somewhere
            assertTrue(java.util.Arrays.stream(screen.pixels()).distinct().count() > 1);
            try (Stream<Path> left = Files.list(pictures)) {
                assertEquals(List.of(), left.toList(), "the portal's file was read and deleted");
            }
        }
    }

    @Test
    void aRemoteDesktopQuestionNobodyAnswersIsWithdrawnAtTheDeadline() throws Exception {
        try (WaylandDesktop desktop = WaylandDesktop.connect(environment())) {
            PortalException unanswered =
                    assertThrows(PortalException.class, () -> desktop.input(System.currentTimeMillis() + 3_000));
            assertEquals(PortalException.Reason.UNANSWERED, unanswered.reason());
        }
    }
}
