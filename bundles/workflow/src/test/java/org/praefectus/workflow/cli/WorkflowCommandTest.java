package org.praefectus.workflow.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.praefectus.api.cli.CliCommandException;
import org.praefectus.api.workflow.RunResult;
import org.praefectus.api.workflow.WorkflowStep;
import org.praefectus.api.workflow.WorkflowTemplate;
import org.praefectus.workflow.run.WorkflowDesktop;

/** {@code workflow validate} and {@code workflow replay}: one options parser, typed errors, honest results. */
class WorkflowCommandTest {

    @TempDir
    Path directory;

    private static String resource(String name) throws Exception {
        return Path.of(WorkflowCommandTest.class.getResource(name).toURI()).toString();
    }

    private WorkflowCommand offline() {
        return new WorkflowCommand(null, null, directory.resolve("runs"));
    }

    @Test
    void validateSummarizesAPeekabooxFile() throws Exception {
        @SuppressWarnings("unchecked")
        Map<String, Object> data =
                (Map<String, Object>) offline().run(List.of("validate", resource("/peekaboox/workflow.yaml")));
        assertEquals(true, data.get("valid"));
        assertEquals("example-submit-form", data.get("name"));
        assertEquals(List.of("find_element", "click", "type_text"), data.get("actions"));
    }

    @Test
    void anInvalidFileIsATypedErrorNamingStepAndField() throws Exception {
        Path file = directory.resolve("bad.yaml");
        Files.writeString(file, "steps:\n  - action: click\n    x: 1\n    y: 2\n    colour: red\n");
        CliCommandException e =
                assertThrows(CliCommandException.class, () -> offline().run(List.of("validate", file.toString())));
        assertEquals("invalid_workflow", e.code());
        assertEquals(Map.of("step", 0, "field", "colour"), e.details());
        assertEquals(
                "file_not_found",
                assertThrows(CliCommandException.class, () -> offline().run(List.of("validate", "/nonexistent.yaml")))
                        .code());
    }

    @Test
    void usageErrorsComeFromTheOneOptionsParser() {
        assertEquals(
                "usage",
                assertThrows(CliCommandException.class, () -> offline().run(List.of()))
                        .code());
        assertEquals(
                "usage",
                assertThrows(CliCommandException.class, () -> offline().run(List.of("validate", "a", "b")))
                        .code());
        assertEquals(
                "usage",
                assertThrows(CliCommandException.class, () -> offline().run(List.of("validate", "a", "--dry-run")))
                        .code());
        assertEquals(
                "desktop_unavailable",
                assertThrows(
                                CliCommandException.class,
                                () -> offline().run(List.of("replay", resource("/peekaboox/workflow.yaml"))))
                        .code());
    }

    @Test
    void templatesListsTheBuiltInsAndShowsOneWithItsWorkflow() throws Exception {
        @SuppressWarnings("unchecked")
        List<WorkflowTemplate> listed = (List<WorkflowTemplate>)
                ((Map<String, Object>) offline().run(List.of("templates", "--tag", "click"))).get("templates");
        assertEquals(
                List.of("semantic-click"),
                listed.stream().map(WorkflowTemplate::id).toList());
        WorkflowTemplate info = (WorkflowTemplate) offline().run(List.of("templates", "semantic-click"));
        assertEquals(
                List.of("find_element", "click", "get_desktop_state"),
                info.workflow().steps().stream()
                        .map(WorkflowStep::canonicalAction)
                        .toList());
        assertTrue(info.yaml().contains("schema_version: peekaboox.workflow.v1"), info.yaml());
        assertEquals(
                "unknown_template",
                assertThrows(CliCommandException.class, () -> offline().run(List.of("templates", "nope")))
                        .code());
        assertEquals(
                "usage",
                assertThrows(CliCommandException.class, () -> offline().run(List.of("templates", "--colour", "x")))
                        .code());
    }

    @Test
    void replayRunsTheFileOnTheDesktopAndReplaysItsRunId() throws Exception {
        try (WorkflowDesktop rig = new WorkflowDesktop(directory)) {
            Process app = WorkflowDesktop.start(
                    Files.createTempFile(directory, "zenity", ".out"),
                    "zenity",
                    "--entry",
                    "--title",
                    "Workflow Entry",
                    "--text",
                    "Value");
            try {
                rig.awaitElement("Workflow Entry", "role=text");
                WorkflowCommand command = new WorkflowCommand(rig.desktop, rig.host, directory.resolve("runs"));
                String file = resource("/workflows/fill-entry.yaml");
                RunResult dry = (RunResult) command.run(List.of("replay", file, "--dry-run"));
                assertTrue(dry.dryRun());
                assertEquals(0, rig.signedOperations());
                RunResult run = (RunResult) command.run(List.of("replay", file, "--run-id", "cli-1"));
                assertTrue(run.ok());
                assertEquals("typed by a workflow", WorkflowDesktop.oracle("text", "Workflow Entry"));
                RunResult again = (RunResult) command.run(List.of("replay", file, "--run-id", "cli-1"));
                assertTrue(again.replayed());
                assertEquals(1, rig.signedOperations());

                WorkflowCommand unsigned = new WorkflowCommand(rig.desktop, null, directory.resolve("runs"));
                CliCommandException refused =
                        assertThrows(CliCommandException.class, () -> unsigned.run(List.of("replay", file)));
                assertEquals("workflow_failed", refused.code(), "a run that fails is an error, never ok");
                RunResult failed = (RunResult) refused.details();
                assertFalse(failed.ok());
                assertEquals("start_runtime", failed.failure().nextAction());
                assertEquals(1, rig.signedOperations());
            } finally {
                WorkflowDesktop.stop(app);
            }
        }
    }
}
