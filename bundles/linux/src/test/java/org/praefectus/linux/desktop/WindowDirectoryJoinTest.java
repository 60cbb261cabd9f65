package org.praefectus.linux.desktop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.praefectus.api.desktop.DesktopWindow;
import org.praefectus.api.desktop.ElementScope;
import org.praefectus.api.protocol.Rect;
import org.praefectus.linux.atspi.AccessibleNode;
import org.praefectus.linux.atspi.ApplicationTree;
import org.praefectus.linux.atspi.AtspiObject;
import org.praefectus.linux.atspi.AtspiState;
import org.praefectus.linux.atspi.SurfaceWindow;
import org.praefectus.linux.x11.ClientWindow;

/**
 * How the window manager's windows and the accessible ones become one listing, and how an ID taken while a window
 * was only on the accessibility bus keeps naming it once the window manager lists it (a new window shows up there
 * first: gRPC's {@code OcrScreen(window_id)} after {@code ListWindows} missed such a window under load).
 */
class WindowDirectoryJoinTest {

    private static final long PID = 4242;

    private static final SurfaceWindow REPORT = accessible("/org/a11y/atspi/accessible/7", "Quarterly Report");

    private static SurfaceWindow accessible(String path, String name) {
        AtspiObject object = new AtspiObject(":1.42", path);
        AccessibleNode node = new AccessibleNode(
                object,
                new AtspiObject(":1.42", ApplicationTree.ROOT_PATH),
                0,
                23,
                name,
                List.of(AccessibleNode.COMPONENT),
                new AtspiState(0));
        ApplicationTree application = new ApplicationTree(":1.42", PID, "generation", Map.of(), Map.of());
        return new SurfaceWindow(application, node, "frame", new Rect(110, 130, 400, 200), "window", "fingerprint");
    }

    private static ClientWindow client(long id, String title, long pid) {
        return new ClientWindow(id, title, "zenity", "Zenity", pid, 100, 100, 420, 240, false, "normal");
    }

    private static List<DesktopWindow> windows(List<WindowDirectory.Joined> joined) {
        return joined.stream().map(WindowDirectory.Joined::window).toList();
    }

    @Test
    void aWindowOnlyOnTheAccessibilityBusIsListedUnderItsAccessibleId() {
        List<WindowDirectory.Joined> joined = WindowDirectory.join(List.of(), List.of(REPORT), "geometry");

        DesktopWindow only = windows(joined).get(0);
        assertEquals(":1.42:/org/a11y/atspi/accessible/7", only.id());
        assertEquals("at-spi", only.backend());
        assertEquals(Map.of(), WindowDirectory.accessibleAs(joined), "nothing joined yet");
    }

    @Test
    void onceTheWindowManagerListsItTheAccessibleIdNamesTheJoinedWindow() {
        List<WindowDirectory.Joined> joined = WindowDirectory.join(
                List.of(client(0x3a00007, "Quarterly Report", PID), client(0x3c00001, "Other", PID + 1)),
                List.of(REPORT, accessible("/org/a11y/atspi/accessible/9", "Elsewhere")),
                "geometry");

        assertEquals(
                List.of("60817415", "62914561", ":1.42:/org/a11y/atspi/accessible/9"),
                windows(joined).stream().map(DesktopWindow::id).toList());
        assertEquals("x11+at-spi", windows(joined).get(0).backend());
        WindowDirectory.Listing listing = new WindowDirectory.Listing(
                windows(joined), "x11+at-spi", List.of(), false, 0, WindowDirectory.accessibleAs(joined));
        assertEquals("60817415", listing.currentId(":1.42:/org/a11y/atspi/accessible/7"));
        assertEquals(
                ":1.42:/org/a11y/atspi/accessible/9",
                listing.currentId(":1.42:/org/a11y/atspi/accessible/9"),
                "a window still only accessible keeps its ID");
        assertEquals("0x3a00007", listing.currentId("0x3a00007"), "any other ID is left as it is");
    }

    @Test
    void anElementSearchScopedByTheAccessibleIdStillFindsTheJoinedWindow() {
        List<WindowDirectory.Joined> joined = WindowDirectory.join(
                List.of(client(0x3a00007, "Quarterly Report", PID), client(0x3c00001, "Other", PID + 1)),
                List.of(REPORT, accessible("/org/a11y/atspi/accessible/9", "Elsewhere")),
                "geometry");
        WindowDirectory.Joined report = joined.get(0);
        WindowDirectory.Joined other = joined.get(1);

        ElementScope byFirstId = new ElementScope(null, null, ":1.42:/org/a11y/atspi/accessible/7");
        assertTrue(report.in(byFirstId), "the ID the window had before the window manager listed it");
        assertFalse(other.in(byFirstId));
        assertTrue(report.in(new ElementScope(null, null, "0x3a00007")), "its current ID");
        assertFalse(
                report.in(new ElementScope(null, "Other", ":1.42:/org/a11y/atspi/accessible/7")),
                "the other fields of the scope still apply");
        assertFalse(report.in(new ElementScope(null, null, ":1.42:/org/a11y/atspi/accessible/9")));
    }
}
