package org.praefectus.linux.executor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.praefectus.api.desktop.DesktopException;
import org.praefectus.api.desktop.ProfileAction;
import org.praefectus.api.desktop.ProfileAim;
import org.praefectus.api.desktop.ProfileExpectation;
import org.praefectus.api.desktop.ProfileLocation;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.selector.UiElement;
import org.praefectus.linux.desktop.PlainInputVerb;
import org.praefectus.linux.profile.ProfileCatalog;
import org.praefectus.linux.profile.ProfileTargets;
import org.praefectus.nativecore.desktop.SigningHost;

/**
 * The built-in text-editor profile on a real Mousepad (Debian's GTK text editor): the document target is
 * located, asserted, and typed into through the resident host; the text is read back independently over AT-SPI
 * (pyatspi).
 */
class DesktopProfileDesktopTest {

    @TempDir
    Path directory;

    /** The text of Mousepad's editable document, through Debian's pyatspi (also ReadTextDesktopTest's oracle). */
    static String documentText() throws Exception {
        String script = """
                        import pyatspi
                        def walk(node):
                            if node is None: return None
                            if node.getRoleName() == 'text' and node.getState().contains(pyatspi.STATE_EDITABLE):
                                text = node.queryText()
                                return text.getText(0, text.characterCount)
                            for child in node:
                                found = walk(child)
                                if found is not None: return found
                        for app in pyatspi.Registry.getDesktop(0):
                            if app is not None and app.name == 'mousepad':
                                print(walk(app), end='')\
                        """;
        Process python = new ProcessBuilder("/usr/bin/python3", "-c", script)
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        assertTrue(python.waitFor(30, TimeUnit.SECONDS));
        return new String(python.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    }

    @Test
    void theTextEditorsDocumentIsLocatedAssertedAndTypedIntoThroughTheHost() throws Exception {
        Path notes = directory.resolve("notes.txt");
        Files.writeString(notes, "before");
        // a settings store of its own: Mousepad remembers a killed session and asks about it at the next start
        try (GtkApp mousepad = GtkApp.start(
                        "env",
                        "GSETTINGS_BACKEND=memory",
                        "XDG_CONFIG_HOME=" + Files.createDirectory(directory.resolve("config")),
                        "XDG_DATA_HOME=" + Files.createDirectory(directory.resolve("data")),
                        "mousepad",
                        notes.toString());
                LinuxExecutor executor = Desktop.executor(directory, true);
                SigningHost host = new SigningHost(executor, directory, true)) {
            Desktop.observeUntil(executor, mousepad.pid(), Desktop.role("text"));
            Desktop.bringToFront(mousepad.pid());
            ProfileTargets helper = new ProfileTargets(
                    new ProfileCatalog(System.getenv()), executor, new PlainInputVerb(executor, () -> host).service());
            ProfileAim document = new ProfileAim("text-editor", "document", "notes.txt", null);
            CancellationToken token = new CancellationToken();

            ProfileLocation located = helper.locate(document, token);
            assertEquals(1, located.count());
            UiElement element = located.element();
            assertEquals("text", element.role());
            assertTrue(element.states().contains("editable"));

            assertTrue(helper.check(document, new ProfileExpectation(true, "editable", null), token)
                    .passed());
            assertFalse(helper.check(document, new ProfileExpectation(false, null, null), token)
                    .passed());
            assertTrue(helper.focus(document, false, host, token).focused());

            Map<String, Object> dry = PlainInputVerb.plain(
                    helper.act(ProfileAction.typeInto(document, "PeekabooX", false, true, true), host, token));
            assertEquals(false, dry.get("signed"));
            assertEquals("type_text", dry.get("action"));
            assertEquals(0, host.operations());
            assertEquals("before", documentText(), "a dry run changes nothing");

            // #36 defect 1: typing inserts at the caret and keeps the document; defect 3: the first edit retitles
            // the window ("*notes.txt"), and the observation after the effect follows the same window through it
            assertEquals(
                    "6", EditableTextDesktopTest.oracle(mousepad, "caret", "6").strip());
            Map<String, Object> drafted = PlainInputVerb.plain(
                    helper.act(ProfileAction.typeInto(document, " draft", false, false, false), host, token));
            assertEquals("succeeded", drafted.get("status"), String.valueOf(drafted.get("receipt")));
            assertEquals("before draft", documentText());

            Map<String, Object> typed = PlainInputVerb.plain(
                    helper.act(ProfileAction.typeInto(document, " PeekabooX", false, false, true), host, token));
            assertEquals("succeeded", typed.get("status"), String.valueOf(typed.get("receipt")));
            assertEquals(true, ((Map<?, ?>) typed.get("postcondition")).get("passed"));
            assertTrue(
                    typed.get("receipt") != null || typed.get("receipts") != null,
                    typed.keySet().toString());
            assertEquals("before draft PeekabooX", documentText(), "the second text follows the first");

            DesktopException otherWindow = assertThrows(
                    DesktopException.class,
                    () -> helper.locate(new ProfileAim("text-editor", "document", "no such title", null), token));
            assertTrue(List.of("window_not_found", "target_not_found").contains(otherWindow.code()));
            assertEquals(
                    "unknown_profile",
                    assertThrows(
                                    DesktopException.class,
                                    () -> helper.locate(new ProfileAim("telegram", "x", null, null), token))
                            .code());
            assertEquals(
                    "unsupported_target",
                    assertThrows(
                                    DesktopException.class,
                                    () -> helper.act(
                                            ProfileAction.drag(
                                                    document,
                                                    new double[] {0, 0},
                                                    new double[] {1, 1},
                                                    null,
                                                    true,
                                                    false),
                                            host,
                                            token))
                            .code());
        }
    }
}
