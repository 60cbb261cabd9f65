package org.praefectus.live.macos;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
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
import org.praefectus.api.engine.PrivateEngine;
import org.praefectus.api.engine.PrivateEngineSpec;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.protocol.Action;
import org.praefectus.api.protocol.Capabilities;
import org.praefectus.api.protocol.SemanticElement;
import org.praefectus.api.protocol.SemanticObservation;
import org.praefectus.api.protocol.SessionIsolation;
import org.praefectus.api.protocol.SurfaceDescriptor;
import org.praefectus.api.protocol.SurfaceRef;
import org.praefectus.api.protocol.TargetRef;
import org.praefectus.api.protocol.VerificationPolicy;
import org.praefectus.demos.EphemeralDemoSigner;
import org.praefectus.demos.macos.TextEditDemo;
import org.praefectus.engine.execution.EngineFactoryComponent;
import org.praefectus.macos.executor.MacExecutor;
import org.praefectus.macos.executor.MacSettings;
import org.praefectus.macos.jna.NativeAx;
import org.praefectus.macos.jna.NativeQuartz;

/**
 * The macOS executor over the real AX and Quartz APIs: a disposable TextEdit document named exactly
 * {@code Tofu Praefectus Demo.txt} is opened, observed, its text replaced and verified, a range selected and
 * read back, one key typed to TextEdit's process, the TextEdit demo ({@code textedit-demo}'s host) run on it through a private engine, and closed
 * without saving. Fails (never skips) when Accessibility is not granted to the JVM.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class TextEditLiveTest {

    static final String TITLE = "Tofu Praefectus Demo.txt";

    @TempDir
    static Path directory;

    static MacExecutor executor;

    @BeforeAll
    static void openTheDocument() throws Exception {
        executor = new MacExecutor(
                new NativeAx(),
                new NativeQuartz(),
                new MacSettings(SessionIsolation.SHARED_DESKTOP, directory.resolve("screenshots"), Map.of()));
        TextEditDocument.open(directory, TITLE);
    }

    @AfterAll
    static void closeTheDocument() throws Exception {
        TextEditDocument.close(TITLE);
    }

    private static long deadline() {
        return System.currentTimeMillis() + 30_000;
    }

    /** The TextEdit document window, waited for (it opens asynchronously) up to 20 s. */
    private static SemanticObservation observeDocument() {
        return await("a TextEdit window titled " + TITLE + " appears")
                .atMost(Duration.ofSeconds(20))
                .pollInterval(Duration.ofMillis(100))
                .until(TextEditLiveTest::documentWindow, Optional::isPresent)
                .orElseThrow();
    }

    private static Optional<SemanticObservation> documentWindow() throws Exception {
        for (SurfaceDescriptor surface : executor.listSurfaces(new CancellationToken(), deadline())) {
            SemanticObservation observation =
                    executor.observeSurface(surface.surface(), new CancellationToken(), deadline());
            if (TITLE.equals(observation.elements().get(0).name())) {
                return Optional.of(observation);
            }
        }
        return Optional.empty();
    }

    private static SemanticElement textArea(SemanticObservation observation) {
        return observation.elements().stream()
                .filter(e -> e.role().equals("AXTextArea"))
                .findFirst()
                .orElseThrow(() -> new AssertionError("the document has no AXTextArea"));
    }

    @Test
    @Order(1)
    void accessibilityIsGrantedAndTheActionsAreAdvertised() throws Exception {
        Capabilities capabilities = executor.capabilities();

        assertTrue(
                capabilities.permissions().get("accessibility"),
                "grant Accessibility to this JVM in System Settings > Privacy & Security > Accessibility");
        assertTrue(capabilities.supportedActions().containsAll(List.of("invoke", "set_value", "select_text")));
    }

    @Test
    @Order(2)
    void theDocumentIsObservedWithAnEditableTextArea() throws Exception {
        SemanticObservation observation = observeDocument();

        assertTrue(textArea(observation).actionability().editable());
        assertTrue(textArea(observation).actionability().visible());
    }

    @Test
    @Order(3)
    void setValueReplacesTheTextAndTheReadBackMatches() throws Exception {
        SemanticObservation observation = observeDocument();
        TargetRef.Element text =
                new TargetRef.Element(observation.target(textArea(observation).tag()));
        String notes = "Praefectus live notes";
        String hash = Sha256.hex(notes.getBytes(StandardCharsets.UTF_8));

        executor.dispatch(
                new Action.SetValue(notes),
                executor.resolve(text, new CancellationToken(), deadline()),
                new VerificationPolicy.TargetValueHash(hash),
                new CancellationToken(),
                deadline());

        JsonValue.JsonObject state = (JsonValue.JsonObject)
                executor.observe(text, new CancellationToken(), deadline()).state();
        assertEquals(new JsonValue.JsonString(hash), state.members().get("value_hash"));
    }

    @Test
    @Order(4)
    void selectTextSetsTheRangeTextEditReadsBack() throws Exception {
        SemanticObservation observation = observeDocument();
        TargetRef.Element text =
                new TargetRef.Element(observation.target(textArea(observation).tag()));

        executor.dispatch(
                new Action.SelectText(0, 10),
                executor.resolve(text, new CancellationToken(), deadline()),
                new VerificationPolicy.None(),
                new CancellationToken(),
                deadline());

        assertEquals(
                new JsonValue.JsonArray(List.of(JsonValue.JsonNumber.of(0), JsonValue.JsonNumber.of(10))),
                ((JsonValue.JsonObject) executor.observe(text, new CancellationToken(), deadline())
                                .state())
                        .members()
                        .get("selected_range"));
    }

    @Test
    @Order(5)
    void theDemoReplacesTheDocumentsTextThroughAPrivateEngineAndReplaysWithoutDispatch() throws Exception {
        SurfaceRef document = null;
        for (SurfaceDescriptor surface : executor.listSurfaces(new CancellationToken(), deadline())) {
            if (TITLE.equals(executor.observeSurface(surface.surface(), new CancellationToken(), deadline())
                    .elements()
                    .get(0)
                    .name())) {
                document = surface.surface();
            }
        }
        assertTrue(document != null, "the document's surface is listed");
        EphemeralDemoSigner authority = new EphemeralDemoSigner("praefectus-tofu-demo");
        Map<String, Object> data;
        try (PrivateEngine engine = new EngineFactoryComponent()
                .create(new PrivateEngineSpec(
                        List.of(authority.pin()),
                        directory.resolve("state").resolve(TextEditDemo.LEDGER_FILE),
                        executor))) {
            // the named surface: the suite's own terminal may be in front
            data = new TextEditDemo(engine, authority, TextEditDemo::executableOf)
                    .run(Optional.of(document), deadline());
        }

        assertEquals(true, data.get("verified"), String.valueOf(data.get("receipt")));
        assertEquals(true, data.get("replayed_without_dispatch"));
    }

    @Test
    @Order(6)
    void typingGoesToTextEditsProcessAtTheCaret() throws Exception {
        SemanticObservation observation = observeDocument();
        TargetRef.Element text =
                new TargetRef.Element(observation.target(textArea(observation).tag()));
        executor.dispatch(
                new Action.SetValue("abc"),
                executor.resolve(text, new CancellationToken(), deadline()),
                new VerificationPolicy.TargetValueHash(Sha256.hex("abc".getBytes(StandardCharsets.UTF_8))),
                new CancellationToken(),
                deadline());
        executor.dispatch(
                new Action.SelectText(3, 0),
                executor.resolve(text, new CancellationToken(), deadline()),
                new VerificationPolicy.None(),
                new CancellationToken(),
                deadline());

        // CGEventPostToPid: the keys reach TextEdit whichever application is in front
        executor.dispatch(
                new Action.TypeText("d", false, false, null),
                executor.resolve(text, new CancellationToken(), deadline()),
                new VerificationPolicy.None(),
                new CancellationToken(),
                deadline());

        JsonValue expected = new JsonValue.JsonString(Sha256.hex("abcd".getBytes(StandardCharsets.UTF_8)));
        await("the typed key arrived at the caret")
                .atMost(Duration.ofSeconds(5))
                .pollInterval(Duration.ofMillis(50))
                .until(
                        () -> ((JsonValue.JsonObject) executor.observe(text, new CancellationToken(), deadline())
                                        .state())
                                .members()
                                .get("value_hash"),
                        expected::equals);
    }

    @Test
    @Order(7)
    void theSentinelIsStableOnAnIdleDesktop() throws Exception {
        String first = executor.sharedDesktopContextHash(new CancellationToken(), deadline());

        assertEquals(first, executor.sharedDesktopContextHash(new CancellationToken(), deadline()));
    }

    @Test
    @Order(8)
    void aTargetOfTheClosedDocumentNoLongerResolves() throws Exception {
        SemanticObservation observation = observeDocument();
        TargetRef.Element text =
                new TargetRef.Element(observation.target(textArea(observation).tag()));
        closeTheDocument();

        org.junit.jupiter.api.Assertions.assertThrows(
                org.praefectus.api.executor.ExecutorException.class,
                () -> executor.resolve(text, new CancellationToken(), deadline()));
    }
}
