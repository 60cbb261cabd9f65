package org.praefectus.workflow.record;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.praefectus.api.cli.CliCommandException;
import org.praefectus.api.desktop.ElementQuery;
import org.praefectus.api.desktop.ElementScope;
import org.praefectus.api.desktop.InputOutcome;
import org.praefectus.api.desktop.InputRequest;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.selector.Selector;
import org.praefectus.api.selector.UiElement;
import org.praefectus.api.workflow.RunResult;
import org.praefectus.api.workflow.Workflow;
import org.praefectus.api.workflow.WorkflowStep;
import org.praefectus.workflow.cli.WorkflowCommands;
import org.praefectus.workflow.model.WorkflowFiles;
import org.praefectus.workflow.run.WorkflowDesktop;

/**
 * The recorder on the real test desktop (#37 acceptance): a person's calls through the typed desktop service (a
 * lookup, typing into a zenity form's field, a click at the OK button's screen point) are recorded while
 * {@code workflow record start} runs, saved by {@code workflow record save}, and the saved file replays on a fresh
 * instance of the form whose window was moved: the click was recorded as the button's unique semantic selector, not
 * its point. The form's own output (what its field held when OK was pressed) is the oracle of both runs, pyatspi
 * the oracle of the typed text; the typed text appears only in the saved file.
 */
class WorkflowRecordDesktopTest {

    private static final String FORM = "Recorded Form";
    private static final String TYPED = "recorded then replayed";

    @TempDir
    Path directory;

    private Process form(Path output) throws Exception {
        return WorkflowDesktop.start(output, "zenity", "--entry", "--title", FORM, "--text", "Name");
    }

    private static ElementQuery query(String selector) throws Exception {
        return new ElementQuery(Selector.parse(selector), new ElementScope(null, FORM, null), 0, false, null, null);
    }

    private static boolean stale(InputOutcome outcome) {
        return outcome.terminal() instanceof org.praefectus.api.protocol.Terminal.Rejected rejected
                && rejected.code().name().equals("STALE_TARGET");
    }

    @Test
    void aRecordedFormFillReplaysOnAFreshFormAfterItsWindowMoved() throws Exception {
        Path saved = directory.resolve("recorded.yaml");
        try (WorkflowDesktop rig = new WorkflowDesktop(directory.resolve("state"))) {
            RecordingDesktop recording = new RecordingDesktop(rig.desktop);
            org.praefectus.api.cli.CliCommand command =
                    WorkflowCommands.of(rig.desktop, rig.host, directory.resolve("runs"), recording);
            assertEquals(
                    "not_recording",
                    assertThrows(CliCommandException.class, () -> command.run(List.of("record", "stop")))
                            .code());

            Path firstOutput = directory.resolve("first.out");
            Process first = form(firstOutput);
            UiElement ok;
            try {
                rig.awaitElement(FORM, "role=text");
                command.run(List.of("record", "start", "fill-form"));
                CancellationToken token = new CancellationToken();
                assertEquals(
                        1, recording.findElements(query("role=text"), token).count());
                InputOutcome typed = recording.input(
                        InputRequest.selected(
                                "type", Selector.parse("role=text"), new ElementScope(null, FORM, null), TYPED, false),
                        rig.host,
                        token);
                assertTrue(typed.succeeded(), () -> "typing: " + typed.terminal() + " " + typed.route());
                assertEquals(TYPED, WorkflowDesktop.oracle("text", FORM));
                ok = rig.desktop
                        .findElements(query("role=push button,label-exact=OK"), token)
                        .elements()
                        .get(0);
                // a coordinate click is fenced by the point's neighbourhood on screen, which may still change
                // after the typing; a stale rejection proves no effect, so it is tried again, as a workflow step is
                InputOutcome clicked = null;
                for (int attempt = 0; attempt < 5 && (clicked == null || stale(clicked)); attempt++) {
                    clicked = recording.input(
                            InputRequest.at(
                                    "click",
                                    new long[] {ok.center().x(), ok.center().y()},
                                    false,
                                    false),
                            rig.host,
                            token);
                }
                InputOutcome done = clicked;
                assertTrue(done.succeeded(), () -> "click: " + done.terminal() + " " + done.route());
                assertTrue(first.waitFor(30, TimeUnit.SECONDS), "OK ended the form");
                assertEquals(
                        TYPED,
                        Files.readString(firstOutput, StandardCharsets.UTF_8).strip());
            } finally {
                WorkflowDesktop.stop(first);
            }

            @SuppressWarnings("unchecked")
            Map<String, Object> stopped = (Map<String, Object>) command.run(List.of("record", "stop"));
            assertEquals(List.of("find_element", "type_text", "click"), stopped.get("actions"));
            assertFalse(stopped.toString().contains(TYPED), "the answer names actions, never the typed text");
            command.run(List.of("record", "save", saved.toString()));
            Workflow recorded = WorkflowFiles.load(saved);
            WorkflowStep click = recorded.steps().get(2);
            assertEquals("role-exact=push button,label-exact=OK", click.selector(), "a unique semantic selector");
            assertEquals(FORM, click.windowTitle());
            assertNull(click.x(), "not the point it was clicked at");
            assertEquals(TYPED, recorded.steps().get(1).value(), "the typed text is in the saved workflow");

            Path secondOutput = directory.resolve("second.out");
            Process second = form(secondOutput);
            try {
                rig.awaitElement(FORM, "role=push button");
                new ProcessBuilder("xdotool", "search", "--sync", "--name", FORM, "windowmove", "411", "297")
                        .inheritIO()
                        .start()
                        .waitFor();
                long x = ok.center().x();
                long y = ok.center().y();
                Awaitility.await("the window moved")
                        .atMost(Duration.ofSeconds(10))
                        .ignoreExceptions()
                        .until(() -> {
                            UiElement moved = rig.desktop
                                    .findElements(query("role=push button,label-exact=OK"), new CancellationToken())
                                    .elements()
                                    .get(0);
                            return moved.center().x() != x || moved.center().y() != y;
                        });
                RunResult replay = (RunResult) command.run(List.of("replay", saved.toString()));
                assertTrue(replay.ok(), () -> "the replay failed: " + replay.failure());
                assertTrue(second.waitFor(30, TimeUnit.SECONDS), "the replayed click pressed OK");
                assertEquals(
                        TYPED,
                        Files.readString(secondOutput, StandardCharsets.UTF_8).strip());
            } finally {
                WorkflowDesktop.stop(second);
            }
        }
        try (Stream<Path> files = Files.walk(directory)) {
            for (Path file : files.filter(Files::isRegularFile).toList()) {
                if (!file.equals(saved) && !file.getFileName().toString().endsWith(".out")) {
                    String content = new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1);
                    assertFalse(content.contains(TYPED), "the typed text reached " + directory.relativize(file));
                }
            }
        }
    }
}
