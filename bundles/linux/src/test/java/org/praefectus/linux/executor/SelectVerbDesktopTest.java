package org.praefectus.linux.executor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.praefectus.api.desktop.DesktopException;
import org.praefectus.api.desktop.ElementScope;
import org.praefectus.api.desktop.InputRequest;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.selector.Selector;
import org.praefectus.linux.desktop.PlainInputVerb;
import org.praefectus.nativecore.desktop.SigningHost;

/**
 * The desktop service's {@code select} verb (#36): the table's row named by its first cell is selected through the
 * signed, verified {@code set_value} of the table, confirmed by pyatspi and by the application; a name the table does
 * not show, or an element that selects nothing, is a typed error before anything is signed.
 */
class SelectVerbDesktopTest {

    @TempDir
    Path directory;

    @Test
    void aTableRowIsSelectedThroughTheHostAndAWrongNameOrElementIsRefusedBeforeSigning() throws Exception {
        String title = "Praefectus Select Verb";
        try (GtkApp app = ListAndTableDesktopTest.listAndTable(title);
                LinuxExecutor executor = Desktop.executor(directory, false);
                SigningHost host = new SigningHost(executor, directory, true)) {
            Desktop.observeUntil(executor, app.pid(), Desktop.role("table cell"));
            PlainInputVerb verb = new PlainInputVerb(executor, () -> host);
            ElementScope scope = new ElementScope(null, title, null);

            DesktopException noItem = assertThrows(
                    DesktopException.class,
                    () -> verb.run(
                            InputRequest.selected("select", Selector.parse("role=table"), scope, "Durian", false),
                            new CancellationToken()));
            assertEquals("no_such_item", noItem.code());
            DesktopException notSelectable = assertThrows(
                    DesktopException.class,
                    () -> verb.run(
                            InputRequest.selected(
                                    "select", Selector.parse("role=table cell,label=Lima"), scope, "Lima", false),
                            new CancellationToken()));
            assertEquals("not_selectable", notSelectable.code());
            assertEquals(0, host.operations(), "nothing was signed");

            Map<String, Object> data = verb.run(
                    InputRequest.selected("select", Selector.parse("role=table"), scope, "Kyiv", false),
                    new CancellationToken());
            assertEquals("set_value", data.get("action"));
            assertEquals("succeeded", InputVerbDesktopTest.terminalKind(data), data::toString);
            assertFalse(data.toString().contains("Kyiv"), "the item's name is redacted like every set value");
            assertEquals(
                    "True True True",
                    Pyatspi.each(
                                    app.pid(),
                                    "table cell",
                                    "node.getState().contains(pyatspi.STATE_SELECTED) if node.name in"
                                            + " ('Kyiv', 'Ukraine', '2952000') else ''")
                            .replaceAll("\\s+", " ")
                            .strip());
            assertEquals("[3]", Pyatspi.each(app.pid(), "table", "list(node.queryTable().getSelectedRows())"));
            org.awaitility.Awaitility.await("the application reports the selection")
                    .atMost(java.time.Duration.ofSeconds(5))
                    .until(app::output, "table Kyiv\n"::equals);
        }
    }
}
