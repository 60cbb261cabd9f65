package org.praefectus.live.windows;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;
import org.praefectus.api.canonical.JsonValue;
import org.praefectus.api.canonical.Sha256;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.DispatchException;
import org.praefectus.api.protocol.Action;
import org.praefectus.api.protocol.Capabilities;
import org.praefectus.api.protocol.FailureCode;
import org.praefectus.api.protocol.SemanticElement;
import org.praefectus.api.protocol.SemanticObservation;
import org.praefectus.api.protocol.SessionIsolation;
import org.praefectus.api.protocol.SurfaceDescriptor;
import org.praefectus.api.protocol.TargetRef;
import org.praefectus.api.protocol.VerificationPolicy;
import org.praefectus.windows.acl.AclDecision;
import org.praefectus.windows.executor.WindowsExecutor;
import org.praefectus.windows.executor.WindowsSettings;
import org.praefectus.windows.jna.NativeAcl;
import org.praefectus.windows.jna.NativeUia;

/**
 * The Windows executor over real UI Automation: Notepad opens a disposable file, its editor is observed
 * through one cached tree read, its text replaced through the ValuePattern and verified by read-back, typing
 * is refused without the global-input opt-in, and the screenshot directory gets an owner-only DACL. Last, with
 * the opt-in, the editor's text is selected with Ctrl+A and replaced by a paste (clipboard, then Ctrl+V).
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class NotepadLiveTest {

    static final String FILE = "praefectus-live.txt";

    @TempDir
    static Path directory;

    static WindowsExecutor executor;
    static Process notepad;

    @BeforeAll
    static void openNotepad() throws Exception {
        executor = new WindowsExecutor(
                new NativeUia(),
                new NativeAcl(),
                new WindowsSettings(SessionIsolation.SHARED_DESKTOP, directory.resolve("screenshots"), Map.of()));
        notepad = NotepadFile.open(directory, FILE);
    }

    @AfterAll
    static void closeNotepad() throws Exception {
        for (SurfaceDescriptor surface : executor.listSurfaces(new CancellationToken(), deadline())) {
            SemanticObservation observation =
                    executor.observeSurface(surface.surface(), new CancellationToken(), deadline());
            if (observation.elements().get(0).name() != null
                    && observation.elements().get(0).name().contains(FILE)) {
                NotepadFile.end(surface.processId());
            }
        }
        notepad.destroy();
    }

    private static long deadline() {
        return System.currentTimeMillis() + 30_000;
    }

    /** The Notepad window showing the file, waited for up to 20 s. */
    private static SemanticObservation observeNotepad() {
        return await("a Notepad window showing " + FILE + " appears")
                .atMost(Duration.ofSeconds(20))
                .pollInterval(Duration.ofMillis(100))
                .until(NotepadLiveTest::notepadWindow, Optional::isPresent)
                .orElseThrow();
    }

    private static Optional<SemanticObservation> notepadWindow() throws Exception {
        for (SurfaceDescriptor surface : executor.listSurfaces(new CancellationToken(), deadline())) {
            SemanticObservation observation =
                    executor.observeSurface(surface.surface(), new CancellationToken(), deadline());
            String title = observation.elements().get(0).name();
            if (title != null && title.contains(FILE)) {
                return Optional.of(observation);
            }
        }
        return Optional.empty();
    }

    private static SemanticElement editor(SemanticObservation observation) {
        return observation.elements().stream()
                .filter(e -> (e.role().equals("document") || e.role().equals("edit"))
                        && e.actionability().editable())
                .findFirst()
                .orElseThrow(() -> new AssertionError("Notepad shows no editable document"));
    }

    @Test
    @Order(1)
    void uiAutomationIsAvailableAndPrivateStateIsOwnerOnly() throws Exception {
        Capabilities capabilities = executor.capabilities();

        assertTrue(capabilities.permissions().get("ui_automation"));
        assertTrue(capabilities.permissions().get("private_state"));
        NativeAcl acl = new NativeAcl();
        assertTrue(AclDecision.isPrivate(acl.read(directory.resolve("screenshots")), acl.currentUserSid()));
    }

    @Test
    @Order(2)
    void setValueReplacesTheTextAndTheReadBackMatches() throws Exception {
        SemanticObservation observation = observeNotepad();
        TargetRef.Element text =
                new TargetRef.Element(observation.target(editor(observation).tag()));
        String notes = "Praefectus live notes";
        String hash = Sha256.hex(notes.getBytes(StandardCharsets.UTF_8));

        executor.dispatch(
                new Action.SetValue(notes),
                executor.resolve(text, new CancellationToken(), deadline()),
                new VerificationPolicy.TargetValueHash(hash),
                new CancellationToken(),
                deadline());

        assertEquals(
                new JsonValue.JsonString(hash),
                ((JsonValue.JsonObject) executor.observe(text, new CancellationToken(), deadline())
                                .state())
                        .members()
                        .get("value_hash"));
    }

    @Test
    @Order(3)
    void typingIsRefusedWithoutTheGlobalInputOptIn() throws Exception {
        SemanticObservation observation = observeNotepad();
        TargetRef.Element text =
                new TargetRef.Element(observation.target(editor(observation).tag()));

        DispatchException refused = assertThrows(
                DispatchException.class,
                () -> executor.dispatch(
                        new Action.TypeText("x", false, false, null),
                        executor.resolve(text, new CancellationToken(), deadline()),
                        new VerificationPolicy.None(),
                        new CancellationToken(),
                        deadline()));

        assertEquals(FailureCode.PERMISSION_DENIED, refused.code());
    }

    @Test
    @Order(4)
    void theSentinelIsStableOnAnIdleDesktop() throws Exception {
        String first = executor.sharedDesktopContextHash(new CancellationToken(), deadline());

        assertEquals(first, executor.sharedDesktopContextHash(new CancellationToken(), deadline()));
        assertEquals(64, executor.capabilities().displayGeometryHash().length());
    }

    @Test
    @Order(5)
    void withTheOptInAPasteReplacesTheSelectedText() throws Exception {
        WindowsExecutor input = new WindowsExecutor(
                new NativeUia(),
                new NativeAcl(),
                new WindowsSettings(
                        SessionIsolation.SHARED_DESKTOP,
                        directory.resolve("screenshots"),
                        Map.of("PRAEFECTUS_ALLOW_GLOBAL_INPUT", "1")));
        SemanticObservation observation = observeNotepad();
        TargetRef.Element text =
                new TargetRef.Element(observation.target(editor(observation).tag()));
        String pasted = "Pasted by Praefectus";

        input.dispatch(
                new Action.Hotkey(java.util.List.of("ctrl", "a")),
                input.resolve(text, new CancellationToken(), deadline()),
                new VerificationPolicy.None(),
                new CancellationToken(),
                deadline());
        input.dispatch(
                new Action.Paste(pasted),
                input.resolve(text, new CancellationToken(), deadline()),
                new VerificationPolicy.None(),
                new CancellationToken(),
                deadline());

        JsonValue hash = new JsonValue.JsonString(Sha256.hex(pasted.getBytes(StandardCharsets.UTF_8)));
        // the editor handles Ctrl+V on its own thread after SendInput returns
        await("the pasted text arrived in the editor")
                .atMost(Duration.ofSeconds(10))
                .pollInterval(Duration.ofMillis(50))
                .until(
                        () -> ((JsonValue.JsonObject) input.observe(text, new CancellationToken(), deadline())
                                        .state())
                                .members()
                                .get("value_hash"),
                        hash::equals);
        assertEquals(pasted, new NativeUia().clipboardText());
    }
}
