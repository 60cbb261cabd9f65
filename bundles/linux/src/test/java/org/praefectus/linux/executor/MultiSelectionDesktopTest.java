package org.praefectus.linux.executor;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.praefectus.api.desktop.ElementScope;
import org.praefectus.api.desktop.InputRequest;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.selector.Selector;
import org.praefectus.linux.desktop.PlainInputVerb;
import org.praefectus.nativecore.desktop.SigningHost;

/**
 * {@code select} in lists and tables that let several items be selected (#36): selecting an item makes it the
 * selection, as a plain click does — GTK's SelectChild and AddRowSelection add to what is selected, so the items
 * selected before are deselected. The full selected set is read back by pyatspi and by the application.
 */
class MultiSelectionDesktopTest {

    @TempDir
    Path directory;

    @Test
    void selectingAnItemOfAMultiSelectionListOrTableLeavesItTheOnlySelectedOne() throws Exception {
        String title = "Praefectus Multiple Selection";
        try (GtkApp app = GtkApp.start("/usr/bin/python3", ListAndTableDesktopTest.FIXTURE, title, "--multiple");
                LinuxExecutor executor = Desktop.executor(directory, false);
                SigningHost host = new SigningHost(executor, directory, true)) {
            Desktop.observeUntil(executor, app.pid(), Desktop.role("table cell"));
            // the fixture starts with Apple and Oslo selected
            Awaitility.await("the fixture's first selection")
                    .atMost(Duration.ofSeconds(5))
                    .until(
                            () -> ListAndTableDesktopTest.selectedByPyatspi(app.pid(), "list item"),
                            "True False False"::equals);
            PlainInputVerb verb = new PlainInputVerb(executor, () -> host);
            ElementScope scope = new ElementScope(null, title, null);

            Map<String, Object> list = verb.run(
                    InputRequest.selected("select", Selector.parse("role=list box"), scope, "Cherry", false),
                    new CancellationToken());
            assertEquals("succeeded", InputVerbDesktopTest.terminalKind(list), list::toString);
            assertEquals("False False True", ListAndTableDesktopTest.selectedByPyatspi(app.pid(), "list item"));
            assertEquals(
                    "['Cherry']",
                    Pyatspi.each(
                            app.pid(),
                            "list box",
                            "[node.querySelection().getSelectedChild(i)[0].name"
                                    + " for i in range(node.querySelection().nSelectedChildren)]"));
            Awaitility.await("the application reports Cherry alone")
                    .atMost(Duration.ofSeconds(5))
                    .until(() -> app.output().endsWith("list Cherry\n"));

            Map<String, Object> table = verb.run(
                    InputRequest.selected("select", Selector.parse("role=table"), scope, "Kyiv", false),
                    new CancellationToken());
            assertEquals("succeeded", InputVerbDesktopTest.terminalKind(table), table::toString);
            assertEquals("[3]", Pyatspi.each(app.pid(), "table", "list(node.queryTable().getSelectedRows())"));
            Awaitility.await("the application reports Kyiv alone")
                    .atMost(Duration.ofSeconds(5))
                    .until(() -> app.output().endsWith("table Kyiv\n"));
        }
    }
}
