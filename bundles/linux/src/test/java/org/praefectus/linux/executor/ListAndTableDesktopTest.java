package org.praefectus.linux.executor;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.praefectus.api.desktop.ElementScope;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.selector.Selector;
import org.praefectus.api.selector.UiElement;
import org.praefectus.linux.desktop.ElementFinder;

/**
 * #36 "table and list rows and cells reachable by selector": a GtkTreeView's cells and a GtkListBox's rows are
 * "managed descendants" that AT-SPI's {@code Cache.GetItems} leaves out, so a selector found none of them.
 */
class ListAndTableDesktopTest {

    static final String FIXTURE = "src/test/fixtures/list-and-table.py";

    @TempDir
    Path screenshots;

    static GtkApp listAndTable(String title) {
        return GtkApp.start("/usr/bin/python3", FIXTURE, title);
    }

    @Test
    void tableCellsAndListItemsAreFoundBySelector() throws Exception {
        String title = "Praefectus Cells";
        try (GtkApp app = listAndTable(title);
                LinuxExecutor executor = Desktop.executor(screenshots, false);
                ElementFinder finder = new ElementFinder(executor, 0)) {
            Desktop.observeUntil(executor, app.pid(), Desktop.role("table"));

            List<String> cells = names(finder, title, "role=table cell");
            assertEquals(
                    List.of(
                            "Oslo", "Norway", "709000", "Lima", "Peru", "10092000", "Pune", "India", "7764000",
                            "Kyiv", "Ukraine", "2952000"),
                    cells);
            assertEquals(List.of("Apple", "Banana", "Cherry"), names(finder, title, "role=list item"));
            assertEquals(List.of("Peru"), names(finder, title, "role=table cell,label=Peru"));
        }
    }

    /** The labels of the elements the selector finds in the window, in tree order. */
    static List<String> names(ElementFinder finder, String title, String selector) throws Exception {
        return finder
                .find(
                        Selector.parse(selector),
                        new ElementScope(null, title, null),
                        0,
                        new CancellationToken(),
                        Desktop.deadline())
                .elements()
                .stream()
                .map(UiElement::label)
                .toList();
    }
}
