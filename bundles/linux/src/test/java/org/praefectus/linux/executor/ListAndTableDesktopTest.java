package org.praefectus.linux.executor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.praefectus.api.canonical.JsonValue;
import org.praefectus.api.canonical.Sha256;
import org.praefectus.api.desktop.ElementScope;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.DispatchException;
import org.praefectus.api.executor.EffectKnowledge;
import org.praefectus.api.executor.Observation;
import org.praefectus.api.protocol.Action;
import org.praefectus.api.protocol.FailureCode;
import org.praefectus.api.protocol.SemanticElement;
import org.praefectus.api.protocol.SemanticObservation;
import org.praefectus.api.protocol.TargetRef;
import org.praefectus.api.protocol.VerificationPolicy;
import org.praefectus.api.selector.Selector;
import org.praefectus.api.selector.UiElement;
import org.praefectus.linux.desktop.ElementFinder;

/**
 * #36 "table and list rows and cells reachable by selector": a GtkTreeView's cells and a GtkListBox's rows are
 * "managed descendants" that AT-SPI's {@code Cache.GetItems} leaves out, so a selector found none of them. And
 * "selection in lists … and tables": {@code set_value} on the list or table selects the item of that name, read back
 * by the item's SELECTED state and the container's IsChildSelected, confirmed by pyatspi and by the application.
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

            // the check box column's cells have no name
            List<String> cells = names(finder, title, "role=table cell").stream()
                    .filter(java.util.Objects::nonNull)
                    .toList();
            assertEquals(
                    List.of(
                            "Oslo",
                            "Norway",
                            "709000",
                            "Lima",
                            "Peru",
                            "10092000",
                            "Pune",
                            "India",
                            "7764000",
                            "Kyiv",
                            "Ukraine",
                            "2952000"),
                    cells);
            // a GtkListBox row has no name of its own: its label (a managed descendant too) names it
            assertEquals(3, names(finder, title, "role=list item").size(), "the list's rows");
            assertEquals(List.of("Apple", "Banana", "Cherry"), names(finder, title, "role=label"));
            assertEquals(List.of("Peru"), names(finder, title, "role=table cell,label=Peru"));
        }
    }

    @Test
    void aListItemIsSelectedByNameReadBackAndReportedByTheApplication() throws Exception {
        try (GtkApp app = listAndTable("Praefectus List Select");
                LinuxExecutor executor = Desktop.executor(screenshots, false)) {
            SemanticObservation observation = Desktop.observeUntil(executor, app.pid(), Desktop.role("list item"));
            SemanticElement list = Desktop.find(observation, Desktop.role("list box"));
            assertTrue(list.actionability().editable(), "a list's item can be selected");
            TargetRef target = new TargetRef.Element(observation.target(list.tag()));

            setValue(executor, target, "Banana");

            assertEquals("False True False", selectedByPyatspi(app.pid(), "list item"), "only Banana's row");
            assertEquals(
                    "1",
                    Pyatspi.each(
                            app.pid(),
                            "list box",
                            "' '.join(str(i) for i in range(node.childCount) if node.querySelection().isChildSelected(i))"));
            assertEquals(new JsonValue.JsonString(hash("Banana")), valueHashAfter(executor, target));
            awaitOutput(app, "list Banana\n");
        }
    }

    @Test
    void aTableRowIsSelectedByItsFirstCellReadBackAndReportedByTheApplication() throws Exception {
        try (GtkApp app = listAndTable("Praefectus Table Select");
                LinuxExecutor executor = Desktop.executor(screenshots, false)) {
            SemanticObservation observation = Desktop.observeUntil(executor, app.pid(), Desktop.role("table cell"));
            SemanticElement table = Desktop.find(observation, Desktop.role("table"));
            TargetRef target = new TargetRef.Element(observation.target(table.tag()));

            setValue(executor, target, "Pune");

            assertEquals(
                    "False False False False False False False False True True True True False False False False",
                    selectedByPyatspi(app.pid(), "table cell"),
                    "the cells of Pune's row, and only those");
            assertEquals("[2]", Pyatspi.each(app.pid(), "table", "list(node.queryTable().getSelectedRows())"));
            assertEquals(new JsonValue.JsonString(hash("Pune")), valueHashAfter(executor, target));
            awaitOutput(app, "table Pune\n");
        }
    }

    @Test
    void aNameNoItemHasIsRefusedWithNoEffect() throws Exception {
        try (GtkApp app = listAndTable("Praefectus Select Refused");
                LinuxExecutor executor = Desktop.executor(screenshots, false)) {
            SemanticObservation observation = Desktop.observeUntil(executor, app.pid(), Desktop.role("table cell"));
            TargetRef list = new TargetRef.Element(observation.target(
                    Desktop.find(observation, Desktop.role("list box")).tag()));
            TargetRef table = new TargetRef.Element(observation.target(
                    Desktop.find(observation, Desktop.role("table")).tag()));

            // Peru is a cell of Lima's row, not the name of a row (Lima, its first named cell, is)
            for (String refused : new String[] {"Durian", "banana", "", "Peru"}) {
                for (TargetRef target : List.of(list, table)) {
                    DispatchException e =
                            assertThrows(DispatchException.class, () -> setValue(executor, target, refused));
                    assertEquals(EffectKnowledge.NO_EFFECT, e.effect(), refused);
                    assertEquals(FailureCode.INVALID_REQUEST, e.code(), refused);
                }
            }
            assertEquals("False False False", selectedByPyatspi(app.pid(), "list item"));
            assertTrue(!selectedByPyatspi(app.pid(), "table cell").contains("True"), "no row selected");
            assertEquals("", app.output(), "the application saw no selection");
        }
    }

    private static String hash(String value) {
        return Sha256.hex(value.getBytes(StandardCharsets.UTF_8));
    }

    private static void setValue(LinuxExecutor executor, TargetRef target, String value) throws Exception {
        executor.dispatch(
                new Action.SetValue(value),
                executor.resolve(target, new CancellationToken(), Desktop.deadline()),
                new VerificationPolicy.TargetValueHash(hash(value)),
                new CancellationToken(),
                Desktop.deadline());
    }

    private static JsonValue valueHashAfter(LinuxExecutor executor, TargetRef target) throws Exception {
        Observation after = executor.observe(target, new CancellationToken(), Desktop.deadline());
        return ((JsonValue.JsonObject) after.state()).members().get("value_hash");
    }

    /** pyatspi's SELECTED state of every node of the role, in tree order, on one line. */
    static String selectedByPyatspi(long pid, String role) throws Exception {
        return Pyatspi.each(pid, role, "node.getState().contains(pyatspi.STATE_SELECTED)")
                .replace('\n', ' ');
    }

    static void awaitOutput(GtkApp app, String expected) {
        Awaitility.await("the application reports the selection")
                .atMost(Duration.ofSeconds(5))
                .until(app::output, expected::equals);
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
