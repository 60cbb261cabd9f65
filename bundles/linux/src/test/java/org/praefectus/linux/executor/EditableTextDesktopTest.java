package org.praefectus.linux.executor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.praefectus.api.desktop.ElementScope;
import org.praefectus.api.desktop.InputRequest;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.selector.Selector;
import org.praefectus.linux.desktop.PlainInputVerb;
import org.praefectus.nativecore.desktop.SigningHost;

/**
 * What a person means by typing into and clicking on a text entry (#36 defects 1 and 2), on a real
 * {@code zenity --entry} signed by a test resident host, with pyatspi (libatspi) as the independent oracle of
 * the entry's text, caret and focus.
 */
class EditableTextDesktopTest {

    @TempDir
    Path directory;

    /** Defect 1: {@code type --selector} replaced the whole text ({@code set_value}); it inserts at the caret. */
    @Test
    void typingInsertsAtTheCaretAndKeepsTheTextAroundIt() throws Exception {
        try (GtkApp zenity = GtkApp.zenityEntry("Caret Type", "Alpha beta gamma delta.");
                LinuxExecutor executor = Desktop.executor(directory, true);
                SigningHost host = new SigningHost(executor, directory, true)) {
            Desktop.observeUntil(executor, zenity.pid(), Desktop.role("text"));
            assertEquals("11", oracle(zenity, "caret", "11").strip(), "pyatspi put the caret after \"Alpha beta \"");
            PlainInputVerb verb = new PlainInputVerb(executor, () -> host);
            Map<String, Object> typed = verb.run(
                    InputRequest.selected(
                            "type",
                            Selector.parse("role=text"),
                            new ElementScope(null, "Caret Type", null),
                            "inserted ",
                            false),
                    new CancellationToken());
            assertEquals("type_text", typed.get("action"), typed::toString);
            assertEquals("succeeded", InputVerbDesktopTest.terminalKind(typed), typed::toString);
            assertFalse(typed.toString().contains("inserted"), "the text never comes back");
            assertEquals("Alpha beta inserted gamma delta.", oracle(zenity, "read"));
        }
    }

    /** Only {@code clear} (the CLI's {@code --clear}) replaces the entry's whole text, and says so in its route. */
    @Test
    void typingWithClearReplacesTheWholeText() throws Exception {
        try (GtkApp zenity = GtkApp.zenityEntry("Clear Type", "Alpha beta gamma delta.");
                LinuxExecutor executor = Desktop.executor(directory, true);
                SigningHost host = new SigningHost(executor, directory, true)) {
            Desktop.observeUntil(executor, zenity.pid(), Desktop.role("text"));
            PlainInputVerb verb = new PlainInputVerb(executor, () -> host);
            Map<String, Object> typed = verb.run(
                    InputRequest.selected(
                                    "type",
                                    Selector.parse("role=text"),
                                    new ElementScope(null, "Clear Type", null),
                                    "Replaced.",
                                    false)
                            .replacing(),
                    new CancellationToken());
            assertEquals("succeeded", InputVerbDesktopTest.terminalKind(typed), typed::toString);
            assertTrue(typed.get("route").toString().contains("replacing its text"), typed::toString);
            assertEquals("Replaced.", oracle(zenity, "read"));
            assertEquals("9", oracle(zenity, "where").strip(), "the caret ends after the new text");
            Map<String, Object> next = verb.run(
                    InputRequest.selected(
                            "type",
                            Selector.parse("role=text"),
                            new ElementScope(null, "Clear Type", null),
                            " Then more.",
                            false),
                    new CancellationToken());
            assertEquals("succeeded", InputVerbDesktopTest.terminalKind(next), next::toString);
            assertEquals("Replaced. Then more.", oracle(zenity, "read"), "text typed next follows it");
        }
    }

    /** Defect 2: a plain click on an entry was its {@code activate} action, which submitted the dialog. */
    @Test
    void aClickOnAnEntryFocusesItAndLeavesTheDialogOpen() throws Exception {
        try (GtkApp zenity = GtkApp.zenityEntry("Click Entry", "kept");
                LinuxExecutor executor = Desktop.executor(directory, true);
                SigningHost host = new SigningHost(executor, directory, true)) {
            Desktop.find(
                    Desktop.observeUntil(executor, zenity.pid(), Desktop.role("text")),
                    e -> e.role().equals("text") && !e.actionability().invokable());
            Desktop.bringToFront(zenity.pid());
            PlainInputVerb verb = new PlainInputVerb(executor, () -> host);
            Map<String, Object> clicked = verb.run(
                    InputRequest.selected(
                            "click",
                            Selector.parse("role=text"),
                            new ElementScope(null, "Click Entry", null),
                            null,
                            false),
                    new CancellationToken());
            assertEquals("click", clicked.get("action"), "a pointer click, never the entry's activate action");
            assertEquals("succeeded", InputVerbDesktopTest.terminalKind(clicked), clicked::toString);
            assertTrue(zenity.alive(), "the dialog was not submitted");
            assertTrue(oracle(zenity, "states").contains("focused"), "the entry has the focus");
            assertEquals("kept", oracle(zenity, "read"));
        }
    }

    /** The entry as pyatspi sees it ({@code pyatspi_text.py}). */
    static String oracle(GtkApp app, String... command) throws Exception {
        String[] arguments = new String[command.length + 1];
        arguments[0] = Long.toString(app.pid());
        System.arraycopy(command, 0, arguments, 1, command.length);
        return AtspiStateDesktopTest.python(AtspiStateDesktopTest.resource("pyatspi_text.py"), arguments);
    }
}
