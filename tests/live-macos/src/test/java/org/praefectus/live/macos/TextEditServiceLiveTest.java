package org.praefectus.live.macos;

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
import org.praefectus.api.selector.ReadBack;
import org.praefectus.api.selector.Selector;
import org.praefectus.api.selector.UiElement;
import org.praefectus.macos.executor.MacExecutor;
import org.praefectus.macos.executor.MacSettings;
import org.praefectus.macos.jna.NativeAx;
import org.praefectus.macos.jna.NativeQuartz;
import org.praefectus.nativecore.desktop.NativeDesktop;
import org.praefectus.nativecore.desktop.SigningHost;

/**
 * The typed desktop service on a real Mac ({@code NativeDesktop} over the executor's port, as
 * {@code MacDesktopComponent} registers it): a disposable TextEdit document is listed, its text area found by a
 * selector in its window's scope with its read-back, its text paged, a dry run shown without a signer, one key typed
 * through a resident host (the host kit's signer, the real engine) and read back, then waited for. Fails (never
 * skips) without Accessibility.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class TextEditServiceLiveTest {

    static final String TITLE = "Tofu Praefectus Service.txt";
    static final ElementScope DOCUMENT = new ElementScope("TextEdit", TITLE, null);
    static final CancellationToken GO = new CancellationToken();

    @TempDir
    static Path directory;

    static MacExecutor executor;
    static DesktopService desktop;

    @BeforeAll
    static void openTheDocument() throws Exception {
        executor = new MacExecutor(
                new NativeAx(),
                new NativeQuartz(),
                new MacSettings(SessionIsolation.SHARED_DESKTOP, directory.resolve("screenshots"), Map.of()));
        desktop = new NativeDesktop(executor.desktop());
        Path document = directory.resolve(TITLE);
        Files.writeString(document, "Draft");
        run("/usr/bin/open", "-a", "TextEdit", document.toString());
    }

    @AfterAll
    static void closeTheDocument() throws Exception {
        run(
                "/usr/bin/osascript",
                "-e",
                "on run argv",
                "-e",
                "tell application \"TextEdit\" to close (every document whose name is (item 1 of argv)) saving no",
                "-e",
                "end run",
                TITLE);
    }

    private static void run(String... command) throws Exception {
        Process process = new ProcessBuilder(command).inheritIO().start();
        assertEquals(0, process.waitFor(), String.join(" ", command));
    }

    private static ElementQuery textArea() throws Exception {
        return new ElementQuery(Selector.parse("role-exact=AXTextArea"), DOCUMENT, 0, false, null, null);
    }

    @Test
    @Order(1)
    void theDocumentsWindowIsListedWithItsSurface() {
        DesktopWindow window = await("TextEdit lists " + TITLE)
                .atMost(Duration.ofSeconds(20))
                .pollInterval(Duration.ofMillis(200))
                .until(
                        () -> desktop.windows(
                                        new WindowQuery(null, "TextEdit", TITLE, null, false, 0, null, "auto", false),
                                        GO)
                                .windows(),
                        windows -> windows.size() == 1)
                .get(0);

        assertTrue(window.accessible());
        assertNotNull(window.surfaceId());
        assertEquals("ax", window.backend());
    }

    @Test
    @Order(2)
    void theTextAreaIsFoundInItsWindowWithItsTextReadBackAndPaged() throws Exception {
        List<UiElement> found = desktop.findElements(textArea(), GO).elements();

        assertEquals(1, found.size());
        assertEquals("Draft", found.get(0).readBack().text());
        TextRead page = desktop.readText(textArea(), 1, 3, GO);
        assertEquals("raf", page.text());
        assertEquals(5, page.total());
    }

    @Test
    @Order(3)
    void aDryRunWithoutASignerShowsTheProposalAndTypesNothing() throws Exception {
        InputOutcome outcome = desktop.input(
                InputRequest.selected("type", Selector.parse("role-exact=AXTextArea"), DOCUMENT, "!", true), null, GO);

        assertNotNull(outcome.nextAction());
        assertNull(outcome.terminal());
        assertEquals(
                "Draft",
                desktop.findElements(textArea(), GO)
                        .elements()
                        .get(0)
                        .readBack()
                        .text());
    }

    @Test
    @Order(4)
    void typingThroughTheServiceIsSignedExecutedAndReadBack() throws Exception {
        try (SigningHost host = new SigningHost(executor, directory, false)) {
            InputOutcome outcome = desktop.input(
                    InputRequest.selected("type", Selector.parse("role-exact=AXTextArea"), DOCUMENT, "!", false),
                    host,
                    GO);

            assertTrue(outcome.succeeded(), outcome.status());
        }
        UiElement area = desktop.findElements(textArea(), GO).elements().get(0);
        await("the typed key reaches TextEdit").atMost(Duration.ofSeconds(5)).until(() -> {
            Map<String, ReadBack> now = desktop.readBack(area.observationId(), List.of(area.tag()), GO);
            return now.containsKey(area.tag()) && now.get(area.tag()).text().contains("!");
        });
    }

    @Test
    @Order(5)
    void aWaitForTheTextAreaHoldsAndThePointerIsRead() throws Exception {
        assertTrue(desktop.waitFor(textArea(), false, 5_000, GO).met());
        assertFalse(desktop.waitFor(textArea(), true, 0, GO).met());
        assertNotNull(desktop.pointer());
    }
}
