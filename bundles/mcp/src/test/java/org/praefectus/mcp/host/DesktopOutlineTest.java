package org.praefectus.mcp.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.praefectus.api.protocol.Actionability;
import org.praefectus.api.protocol.Rect;
import org.praefectus.api.protocol.SemanticBackend;
import org.praefectus.api.protocol.SemanticElement;
import org.praefectus.api.protocol.SemanticObservation;
import org.praefectus.api.protocol.SemanticProvenance;
import org.praefectus.api.selector.ReadBack;

/** The desktop outline: tree order, hidden subtrees and layout containers left out, read-back, byte pages. */
class DesktopOutlineTest {

    private static final String OBSERVATION_ID = "1".repeat(64);
    private static final Actionability SHOWN = new Actionability(true, true, true, true, true, true, false);
    private static final Actionability HIDDEN = new Actionability(false, true, true, true, false, true, false);
    private static final Actionability LAYOUT = new Actionability(true, true, true, true, true, false, false);
    private static final Actionability SETTABLE = new Actionability(true, true, true, true, true, false, true);

    private static SemanticElement element(int index, Integer parent, String role, String name, Actionability a) {
        return new SemanticElement(
                SemanticObservation.tag(index),
                id(index),
                parent == null ? null : id(parent),
                "3".repeat(64),
                role,
                name,
                new Rect(0, 0, 10, 10),
                a);
    }

    private static String id(int index) {
        return SemanticObservation.opaqueElementId(OBSERVATION_ID, "node-" + index);
    }

    private static SemanticObservation observation(List<SemanticElement> elements) {
        return new SemanticObservation(
                2,
                OBSERVATION_ID,
                7,
                new SemanticProvenance(
                        SemanticBackend.ACCESSIBILITY, "at-spi", 42, "p", "w", null, "2".repeat(64), List.of()),
                1_000,
                31_000,
                false,
                elements);
    }

    /** A frame whose menu bar is listed before the panel holding the slider, level by level as AT-SPI walks. */
    private static SemanticObservation editor() {
        return observation(List.of(
                element(0, null, "frame", "Editor", SHOWN),
                element(1, 0, "menu bar", null, SHOWN),
                element(2, 0, "panel", null, LAYOUT),
                element(3, 1, "menu", "File", SHOWN),
                element(4, 2, "slider", null, SETTABLE),
                element(5, 3, "menu item", "Save As…", HIDDEN),
                element(6, 5, "label", "inside a closed menu", SHOWN)));
    }

    private static DesktopOutline.Page write(
            SemanticObservation observation, Map<String, ReadBack> readBacks, int offset, int maxBytes) {
        return DesktopOutline.write(
                DesktopOutline.lines(observation), observation.truncated(), readBacks, offset, maxBytes);
    }

    @Test
    void onlyTheWrittenElementsAreReadBack() {
        // the tags ObserveTool asks the desktop to read back: not the closed menu's item, its label or the panel
        assertEquals(
                List.of("e1", "e2", "e4", "e5"),
                DesktopOutline.lines(editor()).stream()
                        .map(line -> line.element().tag())
                        .toList());
        assertEquals(
                List.of(0, 1, 2, 1),
                DesktopOutline.lines(editor()).stream()
                        .map(DesktopOutline.Line::depth)
                        .toList());
    }

    @Test
    void elementsAreWrittenUnderTheirParentsWithoutWhatNobodySees() {
        ReadBack slider = new ReadBack(null, null, 42.0, 0.0, 100.0, 1.0, null, false, true, null, false, true);
        DesktopOutline.Page page = write(editor(), Map.of("e5", slider), 0, 65_536);
        assertEquals("""
                - frame "Editor" [e1]
                  - menu bar [e2]
                    - menu "File" [e4]
                  - slider [e5] [value=42 of 0..100] [focused] [editable]
                """, page.text());
        assertEquals(4, page.written());
        assertEquals(-1, page.nextOffset());
    }

    @Test
    void anOutlineLargerThanTheBudgetIsPagedByOffset() {
        List<SemanticElement> elements = new ArrayList<>();
        elements.add(element(0, null, "frame", "Long", SHOWN));
        for (int i = 1; i <= 100; i++) {
            elements.add(element(i, 0, "push button", "Button number " + i, SHOWN));
        }
        SemanticObservation long100 = observation(elements);
        DesktopOutline.Page first = write(long100, Map.of(), 0, 1_024);
        assertTrue(first.text().endsWith("- [more: observe again with offset=" + first.nextOffset() + "]\n"));
        assertEquals(first.written(), first.nextOffset());
        StringBuilder all =
                new StringBuilder(first.text().substring(0, first.text().lastIndexOf("- [more")));
        int offset = first.nextOffset();
        int pages = 1;
        while (offset >= 0) {
            DesktopOutline.Page page = write(long100, Map.of(), offset, 1_024);
            assertTrue(page.text().getBytes(java.nio.charset.StandardCharsets.UTF_8).length <= 1_024 + 48);
            int more = page.text().lastIndexOf("- [more");
            all.append(more < 0 ? page.text() : page.text().substring(0, more));
            offset = page.nextOffset();
            pages++;
        }
        assertTrue(pages >= 3, "pages " + pages);
        assertEquals(write(long100, Map.of(), 0, 1 << 20).text(), all.toString());
    }
}
