package org.praefectus.macos.executor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** AXChildren, then AXRows, then AXVisibleChildren: absent, empty or over-bound axes fall through. */
class AxTraversalTest {

    @Test
    void aFinderListTableWithEmptyChildrenIsReadThroughItsRows() throws Exception {
        FakeDesktop desktop = Fixtures.desktop("finder");
        FakeElement table = desktop.front().window().find("AXTable", null);

        AxTraversal.Children children = new AxTraversal(desktop).children(table);

        assertEquals("AXRows", children.axis());
        assertEquals(2, children.elements().size());
        assertFalse(children.overBound());
    }

    @Test
    void theSidebarOutlineWithNeitherChildrenNorRowsIsReadThroughItsVisibleChildren() throws Exception {
        FakeDesktop desktop = Fixtures.desktop("finder");
        FakeElement outline = desktop.front().window().find("AXOutline", null);

        AxTraversal.Children children = new AxTraversal(desktop).children(outline);

        assertEquals("AXVisibleChildren", children.axis());
        assertEquals(3, children.elements().size());
    }

    @Test
    void anAxisLargerThanTheBoundFallsToTheNextAxisAndSaysSo() throws Exception {
        FakeDesktop desktop = Fixtures.desktop("large-folder");
        FakeElement table = desktop.front().window().find("AXTable", null);
        assertEquals(2_100, table.axes.get("AXChildren").size());

        AxTraversal.Children children = new AxTraversal(desktop).children(table);

        assertEquals("AXVisibleChildren", children.axis());
        assertEquals(3, children.elements().size());
        assertTrue(children.overBound());
    }

    @Test
    void childrenComeFromAXChildrenFirstEvenWhenRowsExist() throws Exception {
        FakeDesktop desktop = Fixtures.desktop("finder");
        FakeElement table = desktop.front().window().find("AXTable", null);
        FakeElement header = new FakeElement(table.app);
        table.axes.put("AXChildren", List.of(header));

        AxTraversal.Children children = new AxTraversal(desktop).children(table);

        assertEquals("AXChildren", children.axis());
        assertSame(header, children.elements().get(0));
    }

    @Test
    void aPathResolvesThroughTheSameAxesAndAMissingIndexIsNull() throws Exception {
        FakeDesktop desktop = Fixtures.desktop("finder");
        FakeElement window = desktop.front().window();
        AxTraversal traversal = new AxTraversal(desktop);
        // split group (1) → files scroll area (2) → table (0) → second row through AXRows (1)
        FakeElement row = (FakeElement) traversal.resolve(window, List.of(1, 2, 0, 1));

        assertEquals("AXRow", row.role());
        assertEquals("notes.txt", row.find("AXTextField", null).title());
        assertNull(traversal.resolve(window, List.of(1, 2, 0, 2)));
    }
}
