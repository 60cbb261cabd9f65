package org.praefectus.live.windows;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;
import org.praefectus.api.desktop.DesktopService;
import org.praefectus.api.desktop.DesktopWindow;
import org.praefectus.api.desktop.ElementQuery;
import org.praefectus.api.desktop.ElementScope;
import org.praefectus.api.desktop.InputOutcome;
import org.praefectus.api.desktop.InputRequest;
import org.praefectus.api.desktop.TextRead;
import org.praefectus.api.desktop.WindowQuery;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.protocol.SessionIsolation;
import org.praefectus.api.selector.Selector;
import org.praefectus.api.selector.UiElement;
import org.praefectus.nativecore.desktop.NativeDesktop;
import org.praefectus.nativecore.desktop.SigningHost;
import org.praefectus.windows.executor.WindowsExecutor;
import org.praefectus.windows.executor.WindowsSettings;
import org.praefectus.windows.jna.NativeAcl;
import org.praefectus.windows.jna.NativeUia;

/**
 * The typed desktop service on a real Windows desktop ({@code NativeDesktop} over the executor's port, as
 * {@code WindowsDesktopComponent} registers it): a disposable file in Notepad is listed by its window class, its
 * editor found by a selector in its window's scope with its read-back, its text paged, a dry run shown without a
 * signer, and (with the global-input opt-in, in a second executor) one key typed through a resident host (the host
 * kit's signer, the real engine) and read back.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class NotepadServiceLiveTest {

    static final String FILE = "praefectus-service-live.txt";
    static final ElementScope NOTEPAD = new ElementScope(null, FILE, null);
    static final CancellationToken GO = new CancellationToken();

    @TempDir
    static Path directory;

    static DesktopService desktop;
    static Process notepad;

    @BeforeAll
    static void openNotepad() throws Exception {
        desktop = new NativeDesktop(executor(Map.of()).desktop());
        Path file = directory.resolve(FILE);
        Files.writeString(file, "Draft");
        Path system = Path.of(System.getenv().getOrDefault("SystemRoot", "C:\\Windows"), "System32", "notepad.exe");
        notepad = new ProcessBuilder(system.toString(), file.toString()).start();
    }

    @AfterAll
    static void closeNotepad() throws Exception {
        // Windows 11 Notepad may hand the file to an already running instance: end the process owning our window
        for (DesktopWindow window : desktop.windows(
                        new WindowQuery(null, null, FILE, null, false, 0, null, "auto", false), GO)
                .windows()) {
            new ProcessBuilder("taskkill", "/PID", Long.toString(window.processId()))
                    .start()
                    .waitFor();
        }
        notepad.destroy();
    }

    private static WindowsExecutor executor(Map<String, String> environment) {
        return new WindowsExecutor(
                new NativeUia(),
                new NativeAcl(),
                new WindowsSettings(SessionIsolation.SHARED_DESKTOP, directory.resolve("screenshots"), environment));
    }

    private static ElementQuery editor() throws Exception {
        return new ElementQuery(
                Selector.parse("role-regex=^(document|edit)$,state-exact=editable"), NOTEPAD, 0, false, null, null);
    }

    @Test
    @Order(1)
    void notepadsWindowIsListedByItsClassWithItsSurface() {
        DesktopWindow window = await("Notepad lists " + FILE)
                .atMost(Duration.ofSeconds(20))
                .pollInterval(Duration.ofMillis(200))
                .until(
                        () -> desktop.windows(
                                        new WindowQuery(null, null, FILE, null, false, 0, null, "auto", false), GO)
                                .windows(),
                        windows -> windows.size() == 1)
                .get(0);

        assertEquals("Notepad", window.appId());
        assertTrue(window.accessible());
        assertNotNull(window.surfaceId());
    }

    @Test
    @Order(2)
    void theEditorIsFoundInItsWindowWithItsTextReadBackAndPaged() throws Exception {
        List<UiElement> found = desktop.findElements(editor(), GO).elements();

        assertEquals(1, found.size());
        assertEquals("Draft", found.get(0).readBack().text());
        TextRead page = desktop.readText(editor(), 1, 3, GO);
        assertEquals("raf", page.text());
        assertEquals(5, page.total());
    }

    @Test
    @Order(3)
    void aDryRunWithoutASignerShowsTheProposalAndTypesNothing() throws Exception {
        InputOutcome outcome =
                desktop.input(InputRequest.selected("type", editor().selector(), NOTEPAD, "!", true), null, GO);

        assertNotNull(outcome.nextAction());
        assertNull(outcome.terminal());
        assertEquals(
                "Draft",
                desktop.findElements(editor(), GO).elements().get(0).readBack().text());
    }

    @Test
    @Order(4)
    void withTheOptInTypingThroughTheServiceIsSignedExecutedAndReadBack() throws Exception {
        WindowsExecutor allowed = executor(Map.of("PRAEFECTUS_ALLOW_GLOBAL_INPUT", "1"));
        DesktopService typing = new NativeDesktop(allowed.desktop());
        try (SigningHost host = new SigningHost(allowed, directory, true)) {
            InputOutcome outcome =
                    typing.input(InputRequest.selected("type", editor().selector(), NOTEPAD, "!", false), host, GO);

            assertTrue(outcome.succeeded(), outcome.status());
        }
        await("the typed key reaches Notepad")
                .atMost(Duration.ofSeconds(5))
                .until(() -> desktop.findElements(editor(), GO)
                        .elements()
                        .get(0)
                        .readBack()
                        .text()
                        .contains("!"));
    }

    @Test
    @Order(5)
    void aWaitForTheEditorHoldsAndThePointerIsRead() throws Exception {
        assertTrue(desktop.waitFor(editor(), false, 5_000, GO).met());
        assertFalse(desktop.waitFor(editor(), true, 0, GO).met());
        assertNotNull(desktop.pointer());
    }
}
