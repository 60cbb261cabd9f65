package org.praefectus.cdp;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.praefectus.cdp.CdpObservationTest.named;
import static org.praefectus.cdp.CdpObservationTest.observe;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.praefectus.api.canonical.JsonValue;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.DispatchException;
import org.praefectus.api.executor.EffectKnowledge;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.executor.ResolvedTarget;
import org.praefectus.api.protocol.Action;
import org.praefectus.api.protocol.FailureCode;
import org.praefectus.api.protocol.SemanticObservation;
import org.praefectus.api.protocol.TargetRef;
import org.praefectus.api.protocol.VerificationPolicy;

/**
 * JavaScript dialogs on a real headless Chromium: an invoke that opens one ends unknown (the page stopped inside it),
 * the open dialog is observed alone, and {@code perform_secondary_action} {@code AXConfirm} / {@code AXCancel}
 * answers exactly the dialog observed, refused without effect once another one took its place.
 */
class CdpDialogTest {

    private static final VerificationPolicy NONE = new VerificationPolicy.None();

    private static Chromium chromium;
    private String targetId;
    private CdpExecutor executor;
    private Chromium.PageDriver page;

    @BeforeAll
    static void start() throws Exception {
        chromium = Chromium.shared();
    }

    @BeforeEach
    void open() throws Exception {
        targetId = chromium.open("dialog.html");
        executor = chromium.executor(targetId);
        page = chromium.driver(targetId);
    }

    @AfterEach
    void close() throws Exception {
        page.close();
        executor.close();
        chromium.closeTarget(targetId);
    }

    /** The dialog of an observation that shows one, once the page opened it. */
    private SemanticObservation dialogObservation() {
        return await("a dialog opens")
                .atMost(java.time.Duration.ofSeconds(10))
                .pollInterval(java.time.Duration.ofMillis(20))
                // the dialog opened while the page was being observed: look again
                .ignoreExceptionsInstanceOf(ExecutorException.class)
                .until(() -> observe(executor), o -> o.elements().get(0).role().equals("alertdialog"));
    }

    private static TargetRef dialogTarget(SemanticObservation observation) throws Exception {
        return new TargetRef.Element(observation.target("e1"));
    }

    private void answer(TargetRef dialog, String name) throws Exception {
        long deadline = System.currentTimeMillis() + 10_000;
        ResolvedTarget resolved = executor.resolve(dialog, new CancellationToken(), deadline);
        executor.dispatch(new Action.PerformSecondaryAction(name), resolved, NONE, new CancellationToken(), deadline);
    }

    @Test
    void anInvokeThatOpensADialogIsUnknownAndTheDialogIsAnsweredAsObserved() throws Exception {
        SemanticObservation observation = observe(executor);
        TargetRef delete = new TargetRef.Element(
                observation.target(named(observation, "button", "Delete all").tag()));
        long deadline = System.currentTimeMillis() + 10_000;
        ResolvedTarget resolved = executor.resolve(delete, new CancellationToken(), deadline);
        assertFalse(executor.dialogOpen(), "no dialog before the invoke");
        DispatchException stopped = assertThrows(
                DispatchException.class,
                () -> executor.dispatch(new Action.Invoke(), resolved, NONE, new CancellationToken(), deadline));
        assertEquals(EffectKnowledge.UNKNOWN, stopped.effect());
        // the dispatch saw the dialog open: the host knows without a call to the page
        assertTrue(executor.dialogOpen());

        dialogObservation();
        PageObservation withDialog = executor.observePage(new CancellationToken(), System.currentTimeMillis() + 10_000);
        assertEquals(1, withDialog.observation().elements().size());
        assertEquals(
                "Delete everything?", withDialog.observation().elements().get(0).name());
        assertEquals("confirm", withDialog.state("e1").get("dialog"));
        TargetRef dialog = dialogTarget(withDialog.observation());
        // an element target of the page behind it is refused while the dialog is open
        assertThrows(ExecutorException.class, () -> executor.resolve(delete, new CancellationToken(), deadline));

        answer(dialog, "AXCancel");
        page.waitFor("window.answers.length === 1");
        assertEquals("[false]", page.evaluate("JSON.stringify(window.answers)").asText());
        JsonValue.JsonObject after = (JsonValue.JsonObject)
                executor.observe(dialog, new CancellationToken(), System.currentTimeMillis() + 10_000)
                        .state();
        assertEquals(JsonValue.JsonBoolean.of(false), after.members().get("open"));
        assertEquals(JsonValue.JsonBoolean.of(false), after.members().get("accepted"));
        assertFalse(executor.dialogOpen(), "answered: closed");
        // the page runs again: its elements are observed as before
        named(observe(executor), "button", "Delete all");
    }

    @Test
    void anAnswerIsRefusedWithoutEffectWhenAnotherDialogTookThePlaceOfTheObservedOne() throws Exception {
        // the test's own session follows the dialogs too, to answer one as a person would
        page.command("Page.enable", page.params());
        page.evaluate("setTimeout(() => window.answers.push(confirm('Delete everything?')), 0)");
        TargetRef first = dialogTarget(dialogObservation());
        long deadline = System.currentTimeMillis() + 10_000;
        ResolvedTarget resolved = executor.resolve(first, new CancellationToken(), deadline);
        // a person answers it, and the page asks again with the same words
        page.command("Page.handleJavaScriptDialog", page.params().put("accept", false));
        page.waitFor("window.answers.length === 1");
        page.evaluate("setTimeout(() => window.answers.push(confirm('Delete everything?')), 0)");
        SemanticObservation second = dialogObservation();

        DispatchException refused = assertThrows(
                DispatchException.class,
                () -> executor.dispatch(
                        new Action.PerformSecondaryAction("AXConfirm"),
                        resolved,
                        NONE,
                        new CancellationToken(),
                        deadline));
        assertEquals(EffectKnowledge.NO_EFFECT, refused.effect());
        assertEquals(FailureCode.STALE_TARGET, refused.code());
        SemanticObservation still = observe(executor);
        assertEquals("alertdialog", still.elements().get(0).role());
        assertEquals(
                second.elements().get(0).fingerprintHash(),
                still.elements().get(0).fingerprintHash());

        answer(dialogTarget(still), "AXConfirm");
        page.waitFor("window.answers.length === 2");
        assertEquals(
                "[false,true]", page.evaluate("JSON.stringify(window.answers)").asText());
    }

    @Test
    void aPromptIsAnsweredWithTextProvenByTheBrowsersReportOfThatText() throws Exception {
        page.evaluate("setTimeout(() => window.answers.push(prompt('Name of the copy?', 'draft')), 0)");
        TargetRef prompt = dialogTarget(dialogObservation());
        String text = "Quarterly report (copy)";
        String textHash =
                org.praefectus.api.canonical.Sha256.hex(text.getBytes(java.nio.charset.StandardCharsets.UTF_8));
        VerificationPolicy sameText = new VerificationPolicy.TargetValueHash(textHash);
        long deadline = System.currentTimeMillis() + 10_000;
        ResolvedTarget resolved = executor.resolve(prompt, new CancellationToken(), deadline);
        executor.dispatch(new Action.SetValue(text), resolved, sameText, new CancellationToken(), deadline);

        page.waitFor("window.answers.length === 1");
        assertEquals(
                "[\"" + text + "\"]",
                page.evaluate("JSON.stringify(window.answers)").asText());
        JsonValue.JsonObject after = (JsonValue.JsonObject)
                executor.observe(prompt, new CancellationToken(), System.currentTimeMillis() + 10_000)
                        .state();
        assertEquals(JsonValue.JsonBoolean.of(true), after.members().get("accepted"));
        assertEquals(new JsonValue.JsonString(textHash), after.members().get("value_hash"));
    }

    @Test
    void textForAConfirmIsRefusedWithoutEffect() throws Exception {
        page.evaluate("setTimeout(() => window.answers.push(confirm('Delete everything?')), 0)");
        TargetRef confirm = dialogTarget(dialogObservation());
        long deadline = System.currentTimeMillis() + 10_000;
        ResolvedTarget resolved = executor.resolve(confirm, new CancellationToken(), deadline);
        DispatchException refused = assertThrows(
                DispatchException.class,
                () -> executor.dispatch(new Action.SetValue("yes"), resolved, NONE, new CancellationToken(), deadline));
        assertEquals(EffectKnowledge.NO_EFFECT, refused.effect());
        SemanticObservation still = observe(executor);
        assertEquals("alertdialog", still.elements().get(0).role());
        answer(dialogTarget(still), "AXCancel");
        page.waitFor("window.answers.length === 1");
    }
}
