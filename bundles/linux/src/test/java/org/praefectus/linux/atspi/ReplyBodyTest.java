package org.praefectus.linux.atspi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import org.freedesktop.dbus.DBusPath;
import org.freedesktop.dbus.types.UInt32;
import org.junit.jupiter.api.Test;

/**
 * The replies an observation reads by the dozen, decoded from the shapes dbus-java 5.2 extracts off the wire (a
 * struct as {@code Object[]}, an array as an {@code ArrayList}, as printed from a live zenity window). The desktop
 * tests check the decoded trees against pyatspi.
 */
class ReplyBodyTest {

    private static Object[] ref(String busName, String path) {
        return new Object[] {busName, new DBusPath(path)};
    }

    private static Object[] item(String path, List<String> interfaces, String name, long role, List<UInt32> states) {
        return new Object[] {
            ref(":1.7", path),
            ref(":1.7", "/org/a11y/atspi/accessible/root"),
            ref(":1.7", "/org/a11y/atspi/accessible/1"),
            0,
            2,
            new ArrayList<>(interfaces),
            name,
            new UInt32(role),
            "",
            new ArrayList<>(states)
        };
    }

    @Test
    void decodesTheCacheItemsOfGetItems() {
        Object[] body = {
            new ArrayList<>(List.of(
                    item(
                            "/org/a11y/atspi/accessible/2",
                            List.of("org.a11y.atspi.Accessible"),
                            "OK",
                            43,
                            List.of(new UInt32(0x4000), new UInt32(1))),
                    item("/org/a11y/atspi/accessible/3", List.of(), "", 79, List.of())))
        };

        List<CacheItem> items = CacheItem.listOf(body);

        assertEquals(2, items.size());
        CacheItem button = items.get(0);
        assertEquals(new AtspiObject(":1.7", "/org/a11y/atspi/accessible/2"), button.object.toObject());
        assertEquals(new AtspiObject(":1.7", "/org/a11y/atspi/accessible/1"), button.parent.toObject());
        assertEquals(0, button.indexInParent);
        assertEquals(2, button.childCount);
        assertEquals(List.of("org.a11y.atspi.Accessible"), button.interfaces);
        assertEquals("OK", button.name);
        assertEquals(43, button.role.intValue());
        assertEquals(List.of(new UInt32(0x4000), new UInt32(1)), button.states);
        assertEquals(List.of(), items.get(1).states);
    }

    @Test
    void decodesExtentsAndActions() {
        Extents box = Extents.of(new Object[] {new Object[] {10, 20, 300, 40}});
        assertEquals(List.of(10, 20, 300, 40), List.of(box.x, box.y, box.width, box.height));

        List<ActionInfo> actions = ActionInfo.listOf(new Object[] {
            new ArrayList<>(List.<Object>of(
                    new Object[] {"click", "Clicks the button", "<Alt>o"}, new Object[] {"press", "", ""}))
        });
        assertEquals(2, actions.size());
        assertEquals("click", actions.get(0).name);
        assertEquals("<Alt>o", actions.get(0).keyBinding);
        assertEquals("press", actions.get(1).name);
        // an array dbus-java hands over as an array, not a list, reads the same
        assertEquals(
                1,
                ActionInfo.listOf(new Object[] {new Object[] {new Object[] {"activate", "", ""}}})
                        .size());
    }

    @Test
    void aReplyOfAnotherShapeFailsInsteadOfDecodingPartly() {
        Object[] wrongMember = item("/org/a11y/atspi/accessible/2", List.of(), "OK", 43, List.of());
        wrongMember[3] = "zero";
        assertThrows(RuntimeException.class, () -> CacheItem.listOf(new Object[] {List.of(wrongMember)}));

        Object[] wrongState = item("/org/a11y/atspi/accessible/2", List.of(), "OK", 43, List.of());
        wrongState[9] = new ArrayList<>(List.of("busy"));
        assertThrows(RuntimeException.class, () -> CacheItem.listOf(new Object[] {List.of(wrongState)}));

        Object[] wrongInterface = item("/org/a11y/atspi/accessible/2", List.of(), "OK", 43, List.of());
        wrongInterface[5] = new ArrayList<>(List.of(7));
        assertThrows(RuntimeException.class, () -> CacheItem.listOf(new Object[] {List.of(wrongInterface)}));

        assertThrows(RuntimeException.class, () -> Extents.of(new Object[] {new Object[] {1, 2, 3}}));
        assertThrows(RuntimeException.class, () -> Extents.of(new Object[] {}));
        assertThrows(RuntimeException.class, () -> ActionInfo.listOf(new Object[] {"click"}));
    }
}
