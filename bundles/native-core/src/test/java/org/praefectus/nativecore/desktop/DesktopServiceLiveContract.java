package org.praefectus.nativecore.desktop;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
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
import org.praefectus.api.executor.Executor;
import org.praefectus.api.selector.Selector;
import org.praefectus.api.selector.SelectorException;
import org.praefectus.api.selector.UiElement;

/**
 * The typed desktop service on a real desktop ({@link NativeDesktop} over the executor's port, as the platform's
 * desktop component registers it), in order: a disposable document holding {@code Draft} is listed with its surface,
 * its editable text found by a selector in its window's scope with its read-back, its text paged, a dry run shown
 * without a signer, one key typed through a resident host (the host kit's signer, the real engine) and read back, then
 * waited for, and the pointer read. A platform's live suite extends this: it names the document, opens it with the
 * executors that reach it and closes it. Fails (never skips) without the platform's accessibility.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
public abstract class DesktopServiceLiveContract {

    private static final CancellationToken GO = new CancellationToken();

    /**
     * What types the key: an executor, its desktop port, and whether the host is told of the global-input opt-in
     * (Windows types through {@code SendInput}, which needs it; macOS posts to the element's process, which does not).
     */
    public record Typist(Executor executor, DesktopPort port, boolean globalInput) {}

    /**
     * The opened document as the suite reaches it.
     *
     * @param desktop the service over the platform's executor, without the global-input opt-in
     * @param typist  what types the key
     */
    public record Opened(DesktopService desktop, Typist typist) {}

    /**
     * The document and how the platform shows it.
     *
     * @param scope   its window: its title (a part of the window's), and its app where that is sure
     * @param appId   the app ID the platform lists its window with
     * @param editor  a selector of its editable text
     * @param backend the backend the platform lists windows with
     */
    public record Document(ElementScope scope, String appId, String editor, String backend) {}

    @TempDir
    private static Path directory;

    private final Document document;
    private Opened opened;

    protected DesktopServiceLiveContract(Document document) {
        this.document = document;
    }

    /** Opens the document holding {@code Draft} in {@code directory} and the executors that reach it. */
    protected abstract Opened open(Path directory) throws Exception;

    /** Closes the document without saving it. */
    protected abstract void close(DesktopService desktop) throws Exception;

    @BeforeAll
    public final void openTheDocument() throws Exception {
        opened = open(directory);
    }

    @AfterAll
    public final void closeTheDocument() throws Exception {
        close(opened.desktop());
    }

    private DesktopService desktop() {
        return opened.desktop();
    }

    private ElementScope document() {
        return document.scope();
    }

    private String editor() {
        return document.editor();
    }

    private ElementQuery editorQuery() throws SelectorException {
        return new ElementQuery(Selector.parse(editor()), document(), 0, false, null, null);
    }

    /** The document's one window, waited for (it opens asynchronously) up to 20 s. */
    private DesktopWindow documentWindow() {
        return await("the document's window is listed")
                .atMost(Duration.ofSeconds(20))
                .pollInterval(Duration.ofMillis(200))
                .until(
                        () -> desktop()
                                .windows(
                                        new WindowQuery(
                                                null,
                                                document().app(),
                                                document().windowTitle(),
                                                null,
                                                false,
                                                0,
                                                null,
                                                "auto",
                                                false),
                                        GO)
                                .windows(),
                        windows -> windows.size() == 1)
                .get(0);
    }

    @Test
    @Order(1)
    public void theDocumentsWindowIsListedWithItsSurface() {
        DesktopWindow window = documentWindow();

        assertEquals(document.appId(), window.appId());
        assertTrue(window.accessible());
        assertNotNull(window.surfaceId());
        assertEquals(document.backend(), window.backend());
    }

    @Test
    @Order(2)
    public void theEditableTextIsFoundInItsWindowWithItsTextReadBackAndPaged() throws Exception {
        List<UiElement> found = desktop().findElements(editorQuery(), GO).elements();

        assertEquals(1, found.size());
        assertEquals("Draft", found.get(0).readBack().text());
        TextRead page = desktop().readText(editorQuery(), 1, 3, GO);
        assertEquals("raf", page.text());
        assertEquals(5, page.total());
    }

    @Test
    @Order(3)
    public void aDryRunWithoutASignerShowsTheProposalAndTypesNothing() throws Exception {
        InputOutcome outcome = desktop()
                .input(InputRequest.selected("type", Selector.parse(editor()), document(), "!", true), null, GO);

        assertNotNull(outcome.nextAction());
        assertNull(outcome.terminal());
        assertEquals(
                "Draft",
                desktop()
                        .findElements(editorQuery(), GO)
                        .elements()
                        .get(0)
                        .readBack()
                        .text());
    }

    @Test
    @Order(4)
    public void typingThroughTheServiceIsSignedExecutedAndReadBack() throws Exception {
        Typist typist = opened.typist();
        try (SigningHost host = new SigningHost(typist.executor(), directory, typist.globalInput())) {
            InputOutcome outcome = new NativeDesktop(typist.port())
                    .input(InputRequest.selected("type", Selector.parse(editor()), document(), "!", false), host, GO);

            assertTrue(outcome.succeeded(), outcome.status());
        }
        await("the typed key reaches the document")
                .atMost(Duration.ofSeconds(5))
                .until(() -> desktop()
                        .findElements(editorQuery(), GO)
                        .elements()
                        .get(0)
                        .readBack()
                        .text()
                        .contains("!"));
    }

    @Test
    @Order(5)
    public void aWaitForTheEditableTextHoldsAndThePointerIsRead() throws Exception {
        assertTrue(desktop().waitFor(editorQuery(), false, 5_000, GO).met());
        assertFalse(desktop().waitFor(editorQuery(), true, 0, GO).met());
        assertNotNull(desktop().pointer());
    }
}
