package org.praefectus.linux.executor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.praefectus.api.canonical.JsonValue;
import org.praefectus.api.canonical.Sha256;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.DispatchException;
import org.praefectus.api.executor.EffectKnowledge;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.executor.ExecutorFailure;
import org.praefectus.api.executor.Observation;
import org.praefectus.api.executor.ResolvedTarget;
import org.praefectus.api.protocol.Action;
import org.praefectus.api.protocol.FailureCode;
import org.praefectus.api.protocol.SemanticElement;
import org.praefectus.api.protocol.SemanticObservation;
import org.praefectus.api.protocol.TargetRef;
import org.praefectus.api.protocol.VerificationPolicy;

/** Fenced semantic actions on real GTK applications, and every reason a fence refuses. */
class SemanticActionsDesktopTest {

    @TempDir
    Path screenshots;

    private static TargetRef element(SemanticObservation observation, SemanticElement element) throws Exception {
        return new TargetRef.Element(observation.target(element.tag()));
    }

    private static String hash(String value) {
        return Sha256.hex(value.getBytes(StandardCharsets.UTF_8));
    }

    private static void setValue(LinuxExecutor executor, TargetRef target, String value) throws Exception {
        ResolvedTarget resolved = executor.resolve(target, new CancellationToken(), Desktop.deadline());
        executor.dispatch(
                new Action.SetValue(value),
                resolved,
                new VerificationPolicy.TargetValueHash(hash(value)),
                new CancellationToken(),
                Desktop.deadline());
    }

    @Test
    void setValueOnARealEntryIsReadBackByHash() throws Exception {
        try (GtkApp zenity = GtkApp.zenityEntry("Praefectus Set Value");
                LinuxExecutor executor = Desktop.executor(screenshots, false)) {
            SemanticObservation observation = Desktop.observeUntil(executor, zenity.pid(), Desktop.role("text"));
            SemanticElement entry = Desktop.find(observation, Desktop.role("text"));
            assertTrue(entry.actionability().editable());
            TargetRef target = element(observation, entry);

            setValue(executor, target, "fenced value");

            Observation after = executor.observe(target, new CancellationToken(), Desktop.deadline());
            JsonValue.JsonObject state = (JsonValue.JsonObject) after.state();
            assertEquals(
                    new JsonValue.JsonString(hash("fenced value")),
                    state.members().get("value_hash"));
            assertEquals(entry.fingerprintHash(), after.evidence().targetFingerprintHash());
            assertEquals(
                    "12",
                    EditableTextDesktopTest.oracle(zenity, "where").strip(),
                    "pyatspi: the caret ends after the text set, where a person's would after typing it (GtkEntry"
                            + " leaves it at 0), so text typed next follows it");
        }
    }

    @Test
    void invokeActivatesARealButton() throws Exception {
        try (GtkApp zenity = GtkApp.zenityEntry("Praefectus Invoke");
                LinuxExecutor executor = Desktop.executor(screenshots, false)) {
            SemanticObservation observation =
                    Desktop.observeUntil(executor, zenity.pid(), Desktop.roleAndName("push button", "OK"));
            setValue(executor, element(observation, Desktop.find(observation, Desktop.role("text"))), "invoked");
            SemanticElement ok = Desktop.find(observation, Desktop.roleAndName("push button", "OK"));
            assertTrue(ok.actionability().invokable());

            TargetRef target = element(observation, ok);
            executor.dispatch(
                    new Action.Invoke(),
                    executor.resolve(target, new CancellationToken(), Desktop.deadline()),
                    new VerificationPolicy.None(),
                    new CancellationToken(),
                    Desktop.deadline());

            // zenity prints the entry's text and exits 0 when OK is activated
            assertEquals(0, zenity.waitForExit(10));
            assertEquals("invoked\n", zenity.output());
        }
    }

    /** The first selection of the process's one text object, read independently through pyatspi (libatspi). */
    private static String selectionSeenByPyatspi(long pid) throws Exception {
        return Pyatspi.each(pid, "text", "'%d %d' % node.queryText().getSelection(0)");
    }

    @Test
    void selectTextSelectsTheRangeOfARealEntry() throws Exception {
        try (GtkApp zenity = GtkApp.zenityEntry("Praefectus Select");
                LinuxExecutor executor = Desktop.executor(screenshots, false)) {
            SemanticObservation observation = Desktop.observeUntil(executor, zenity.pid(), Desktop.role("text"));
            TargetRef entry = element(observation, Desktop.find(observation, Desktop.role("text")));
            setValue(executor, entry, "hello selected world");

            executor.dispatch(
                    new Action.SelectText(6, 8),
                    executor.resolve(entry, new CancellationToken(), Desktop.deadline()),
                    new VerificationPolicy.None(),
                    new CancellationToken(),
                    Desktop.deadline());
            assertEquals("6 14", selectionSeenByPyatspi(zenity.pid()));

            DispatchException outside = assertThrows(
                    DispatchException.class,
                    () -> executor.dispatch(
                            new Action.SelectText(15, 10),
                            executor.resolve(entry, new CancellationToken(), Desktop.deadline()),
                            new VerificationPolicy.None(),
                            new CancellationToken(),
                            Desktop.deadline()));
            assertEquals(EffectKnowledge.NO_EFFECT, outside.effect());
            assertEquals("6 14", selectionSeenByPyatspi(zenity.pid()), "a refused range changes nothing");
        }
    }

    @Test
    void setValueWithoutValueHashVerificationIsRefusedWithNoEffect() throws Exception {
        try (GtkApp zenity = GtkApp.zenityEntry("Praefectus Refuse");
                LinuxExecutor executor = Desktop.executor(screenshots, false)) {
            SemanticObservation observation = Desktop.observeUntil(executor, zenity.pid(), Desktop.role("text"));
            TargetRef target = element(observation, Desktop.find(observation, Desktop.role("text")));
            ResolvedTarget resolved = executor.resolve(target, new CancellationToken(), Desktop.deadline());

            DispatchException refused = assertThrows(
                    DispatchException.class,
                    () -> executor.dispatch(
                            new Action.SetValue("x"),
                            resolved,
                            new VerificationPolicy.None(),
                            new CancellationToken(),
                            Desktop.deadline()));
            assertEquals(EffectKnowledge.NO_EFFECT, refused.effect());
        }
    }

    @Test
    void aTargetOfAClosedWindowIsRefused() throws Exception {
        try (LinuxExecutor executor = Desktop.executor(screenshots, false)) {
            TargetRef target;
            try (GtkApp zenity = GtkApp.zenityEntry("Praefectus Closed")) {
                SemanticObservation observation = Desktop.observeUntil(executor, zenity.pid(), Desktop.role("text"));
                target = element(observation, Desktop.find(observation, Desktop.role("text")));
            }
            ExecutorException stale = assertThrows(
                    ExecutorException.class,
                    () -> executor.resolve(target, new CancellationToken(), Desktop.deadline()));
            assertEquals(ExecutorFailure.STALE_TARGET, stale.failure());
            DispatchException refused = assertThrows(
                    DispatchException.class,
                    () -> executor.dispatch(
                            new Action.Invoke(),
                            new ResolvedTarget.Semantic(((TargetRef.Element) target).target()),
                            new VerificationPolicy.None(),
                            new CancellationToken(),
                            Desktop.deadline()));
            assertEquals(EffectKnowledge.NO_EFFECT, refused.effect());
            assertEquals(FailureCode.STALE_TARGET, refused.code());
        }
    }

    @Test
    void aTargetIsStaleAfterItsApplicationRestartsWithAnotherPid() throws Exception {
        try (LinuxExecutor executor = Desktop.executor(screenshots, false)) {
            TargetRef target;
            long firstPid;
            try (GtkApp first = GtkApp.zenityEntry("Praefectus Restart")) {
                firstPid = first.pid();
                SemanticObservation observation = Desktop.observeUntil(executor, first.pid(), Desktop.role("text"));
                target = element(observation, Desktop.find(observation, Desktop.role("text")));
            }
            try (GtkApp second = GtkApp.zenityEntry("Praefectus Restart")) {
                assertNotEquals(firstPid, second.pid());
                Desktop.observeUntil(executor, second.pid(), Desktop.role("text"));
                ExecutorException stale = assertThrows(
                        ExecutorException.class,
                        () -> executor.resolve(target, new CancellationToken(), Desktop.deadline()));
                assertEquals(ExecutorFailure.STALE_TARGET, stale.failure());
                assertEquals("target process exited", stale.getMessage());
            }
        }
    }

    @Test
    void aTargetIsStaleAfterItsApplicationRestartsWithTheSamePidReused() throws Exception {
        try (LinuxExecutor executor = Desktop.executor(screenshots, false)) {
            TargetRef target;
            long pid;
            String generation;
            try (GtkApp first = GtkApp.zenityEntry("Praefectus Reused")) {
                pid = first.pid();
                SemanticObservation observation = Desktop.observeUntil(executor, pid, Desktop.role("text"));
                generation = observation.provenance().processGeneration();
                target = element(observation, Desktop.find(observation, Desktop.role("text")));
            }
            try (GtkApp second =
                    GtkApp.startWithPid(pid, "zenity", "--entry", "--title", "Praefectus Reused", "--text", "Value")) {
                assertEquals(pid, second.pid(), "the restarted application has the same PID");
                SemanticObservation now = Desktop.observeUntil(executor, pid, Desktop.role("text"));
                assertEquals(pid, now.provenance().processId());
                assertNotEquals(generation, now.provenance().processGeneration(), "another process generation");

                ExecutorException stale = assertThrows(
                        ExecutorException.class,
                        () -> executor.resolve(target, new CancellationToken(), Desktop.deadline()));
                assertEquals(ExecutorFailure.STALE_TARGET, stale.failure());
                assertEquals("target process generation changed", stale.getMessage());
                DispatchException refused = assertThrows(
                        DispatchException.class,
                        () -> executor.dispatch(
                                new Action.Invoke(),
                                new ResolvedTarget.Semantic(((TargetRef.Element) target).target()),
                                new VerificationPolicy.None(),
                                new CancellationToken(),
                                Desktop.deadline()));
                assertEquals(EffectKnowledge.NO_EFFECT, refused.effect());
                assertEquals(FailureCode.STALE_TARGET, refused.code());
            }
        }
    }

    @Test
    void aTargetIsStaleAfterItsWindowMoves() throws Exception {
        try (GtkApp zenity = GtkApp.zenityEntry("Praefectus Move");
                LinuxExecutor executor = Desktop.executor(screenshots, false)) {
            SemanticObservation observation = Desktop.observeUntil(executor, zenity.pid(), Desktop.role("text"));
            TargetRef target = element(observation, Desktop.find(observation, Desktop.role("text")));
            executor.resolve(target, new CancellationToken(), Desktop.deadline());

            ExecutorException stale = Desktop.refusedAfterMoving(
                    "Praefectus Move",
                    10,
                    10,
                    () -> executor.resolve(target, new CancellationToken(), Desktop.deadline()));
            assertEquals(ExecutorFailure.STALE_TARGET, stale.failure());
        }
    }

    @Test
    void hiddenAndDisabledElementsAreRefusedWithNoEffect() throws Exception {
        try (GtkApp factory = GtkApp.widgetFactory();
                LinuxExecutor executor = Desktop.executor(screenshots, false)) {
            SemanticObservation observation = Desktop.observeUntil(
                    executor,
                    factory.pid(),
                    e -> e.actionability().invokable() && !e.actionability().visible());
            // widgets on the notebook pages that are not shown are not SHOWING: hidden
            SemanticElement hidden = observation.elements().stream()
                    .filter(e ->
                            e.actionability().invokable() && !e.actionability().visible())
                    .findFirst()
                    .orElseThrow();
            assertRefused(executor, element(observation, hidden));

            SemanticElement disabled = observation.elements().stream()
                    .filter(e -> e.actionability().invokable()
                            && e.actionability().visible()
                            && !e.actionability().enabled())
                    .findFirst()
                    .orElseThrow();
            assertRefused(executor, element(observation, disabled));
        }
    }

    private static void assertRefused(LinuxExecutor executor, TargetRef target) throws Exception {
        ResolvedTarget resolved = executor.resolve(target, new CancellationToken(), Desktop.deadline());
        DispatchException refused = assertThrows(
                DispatchException.class,
                () -> executor.dispatch(
                        new Action.Invoke(),
                        resolved,
                        new VerificationPolicy.None(),
                        new CancellationToken(),
                        Desktop.deadline()));
        assertEquals(EffectKnowledge.NO_EFFECT, refused.effect());
        assertEquals(FailureCode.STALE_TARGET, refused.code());
    }
}
