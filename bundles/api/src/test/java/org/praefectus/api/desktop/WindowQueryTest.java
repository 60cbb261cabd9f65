package org.praefectus.api.desktop;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.praefectus.api.protocol.Rect;

/** {@link WindowQuery#select}: the one filter and order every platform's {@code windows} answers through. */
class WindowQueryTest {

    private static DesktopWindow window(String id, String app, String title, long width, boolean focused) {
        return new DesktopWindow(
                id, title, app, new Rect(0, 0, width, 100), focused, "normal", 1, true, null, "x11+at-spi");
    }

    private static final List<DesktopWindow> LISTED = List.of(
            window("300", "gedit", "Notes – gedit", 800, false),
            window("100", "Notepad", "Untitled - Notepad", 1200, true),
            window("200", "gedit", "Draft – gedit", 400, false));

    private static List<String> ids(WindowQuery query) {
        return query.select(LISTED).stream().map(DesktopWindow::id).toList();
    }

    @Test
    void everyWindowInTheListingsOrderWhenNothingIsAsked() {
        assertEquals(List.of("300", "100", "200"), ids(WindowQuery.ALL));
    }

    @Test
    void filtersCombineAndMatchIgnoringCase() {
        assertEquals(
                List.of("300", "200"), ids(new WindowQuery(null, "GEDIT", null, null, false, 0, null, null, false)));
        assertEquals(List.of("200"), ids(new WindowQuery(null, "gedit", "draft", null, false, 0, null, null, false)));
        assertEquals(
                List.of("300"),
                ids(new WindowQuery(null, null, null, Pattern.compile("^Notes"), false, 0, null, null, false)));
        assertEquals(List.of("100"), ids(new WindowQuery(null, null, null, null, true, 0, null, null, false)));
        assertEquals(List.of("100"), ids(new WindowQuery("0x64", null, null, null, false, 0, null, null, false)));
    }

    @Test
    void sortThenLimit() {
        assertEquals(
                List.of("100", "300"), ids(new WindowQuery(null, null, null, null, false, 2, "area", null, false)));
        assertEquals(
                List.of("200", "300", "100"),
                ids(new WindowQuery(null, null, null, null, false, 0, "title", null, false)));
        assertEquals(
                List.of("100", "200", "300"),
                ids(new WindowQuery(null, null, null, null, false, 0, "focused", null, false)));
    }

    /** A window without a title, app, bounds or state (macOS and Windows may list one) is filtered and sorted, last. */
    @Test
    void aWindowWithoutTitleAppOrBoundsIsFilteredAndSortedLast() {
        DesktopWindow bare = new DesktopWindow("50", null, null, null, false, null, 1, false, null, null);
        List<DesktopWindow> listed = new java.util.ArrayList<>(LISTED);
        listed.add(bare);
        assertEquals(
                List.of("300"),
                new WindowQuery(null, null, null, Pattern.compile("Notes"), false, 0, null, null, false)
                        .select(listed).stream().map(DesktopWindow::id).toList());
        for (String sort : List.of("title", "app", "area", "backend", "state")) {
            List<DesktopWindow> sorted =
                    new WindowQuery(null, null, null, null, false, 0, sort, null, false).select(listed);
            assertEquals("50", sorted.get(sorted.size() - 1).id(), sort);
        }
    }
}
