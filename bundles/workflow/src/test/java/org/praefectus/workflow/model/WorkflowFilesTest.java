package org.praefectus.workflow.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.praefectus.api.workflow.Workflow;
import org.praefectus.api.workflow.WorkflowStep;
import org.praefectus.api.workflow.WorkflowValidationException;

/** PeekabooX-shaped workflow files load unchanged, round-trip, and every broken rule names its step and field. */
class WorkflowFilesTest {

    @TempDir
    Path directory;

    private static Path resource(String name) throws Exception {
        return Path.of(WorkflowFilesTest.class.getResource("/peekaboox/" + name).toURI());
    }

    @Test
    void peekabooxExampleWorkflowLoadsUnchanged() throws Exception {
        Workflow workflow = WorkflowFiles.load(resource("workflow.yaml"));
        assertEquals("example-submit-form", workflow.name());
        assertEquals(Workflow.SCHEMA_VERSION, workflow.schemaVersion());
        assertEquals(
                List.of("find_element", "click", "type_text"),
                workflow.steps().stream().map(WorkflowStep::action).toList());
        assertEquals("role=push button,label=Submit", workflow.steps().get(1).selector());
        assertTrue(workflow.steps().get(1).usesVisionFallback());
        assertTrue(workflow.steps().get(0).verifies(), "verify defaults to true as in PeekabooX");
        assertFalse(workflow.steps().get(2).verifies());
        assertEquals("Hello from workflow file", workflow.steps().get(2).value());
    }

    @Test
    void everyPerActionOptionLoadsWithItsType() throws Exception {
        Workflow workflow = WorkflowFiles.load(resource("options.json"));
        assertEquals(13, workflow.steps().size());
        WorkflowStep typing = workflow.steps().get(9);
        assertEquals(20L, typing.typingSpeedCharsPerSecond());
        assertEquals("wtype", typing.backend());
        WorkflowStep paste = workflow.steps().get(10);
        assertEquals("best-effort", paste.restorePolicy());
        assertEquals(120L, paste.restoreDelayMs());
        WorkflowStep hotkey = workflow.steps().get(11);
        assertEquals(2L, hotkey.repeat());
        assertTrue(hotkey.releaseBefore() && hotkey.releaseAfter() && hotkey.dryRunning());
        assertEquals(List.of("control", "s"), HotkeyChord.keys(hotkey.value()));
        assertEquals("move_mouse", workflow.steps().get(6).canonicalAction(), "move is move_mouse's alias");
        assertEquals(0.25, workflow.steps().get(4).ratioY());
    }

    @Test
    void aLoadedWorkflowSavesAndReloadsAsItWasInBothFormats() throws Exception {
        Workflow workflow = WorkflowFiles.load(resource("options.json"));
        for (String name : List.of("copy.json", "copy.yaml")) {
            Path copy = directory.resolve(name);
            WorkflowFiles.save(workflow, copy);
            assertEquals(workflow, WorkflowFiles.load(copy), name);
        }
        String yaml = WorkflowFiles.write(WorkflowFiles.load(resource("workflow.yaml")), "yaml");
        assertFalse(yaml.contains("null"), "absent options stay absent");
        assertFalse(yaml.contains("dry_run"), "absent options stay absent");
    }

    @Test
    void theJsonFormIsPeekabooxsShape() throws Exception {
        String json = WorkflowFiles.write(WorkflowFiles.load(resource("workflow.yaml")), "json");
        var tree = new ObjectMapper().readTree(json);
        assertEquals("peekaboox.workflow.v1", tree.get("schema_version").asText());
        assertEquals("click", tree.get("steps").get(1).get("action").asText());
        assertTrue(tree.get("steps").get(1).get("vision_fallback").asBoolean());
        assertNull(tree.get("steps").get(0).get("verify"));
    }

    @Test
    void legacySchemaVersionsAndPeekabooxBooleanWordsAreRead() throws Exception {
        Workflow workflow = WorkflowFiles.parse(
                "schema_version: 1\nname: legacy\nsteps:\n  - action: click\n    x: 1\n    y: 2\n    restore: 'yes'\n",
                null);
        assertEquals(Workflow.SCHEMA_VERSION, workflow.schemaVersion());
        assertTrue(workflow.steps().get(0).restore());
        Workflow unnamed = WorkflowFiles.parse("{\"steps\":[{\"action\":\"observe\"}]}", null);
        assertEquals("workflow", unnamed.name(), "PeekabooX's default name");
    }

    private static WorkflowValidationException invalid(String yaml) {
        return assertThrows(WorkflowValidationException.class, () -> WorkflowFiles.parse(yaml, "yaml"));
    }

    @Test
    void anUnknownActionIsAnErrorNamingTheStepAndField() {
        WorkflowValidationException e = invalid("name: w\nsteps:\n  - action: observe\n  - action: teleport\n");
        assertEquals(1, e.step());
        assertEquals("action", e.field());
        assertTrue(e.getMessage().startsWith("steps[1].action: "), e.getMessage());
    }

    @Test
    void anUnknownFieldIsAnErrorNamingTheStepAndField() {
        WorkflowValidationException e =
                invalid("name: w\nsteps:\n  - action: click\n    x: 1\n    y: 2\n    speed: 3\n");
        assertEquals(0, e.step());
        assertEquals("speed", e.field());
        WorkflowValidationException top = invalid("name: w\nauthor: me\nsteps:\n  - action: observe\n");
        assertEquals(-1, top.step());
        assertEquals("author", top.field());
    }

    @Test
    void aWrongTypeOrBrokenRuleNamesTheField() {
        assertEquals(
                "x",
                invalid("steps:\n  - action: click\n    x: left\n    y: 2\n").field());
        assertEquals(
                "value",
                invalid("steps:\n  - action: type_text\n    value: 42\n").field());
        assertEquals("value", invalid("steps:\n  - action: hotkey\n").field());
        assertEquals("y", invalid("steps:\n  - action: click\n    x: 1\n").field());
        assertEquals(
                "ratio_x",
                invalid("steps:\n  - action: click\n    app: a\n    ratio_x: 2\n    ratio_y: 0\n")
                        .field());
        assertEquals("selector", invalid("steps:\n  - action: find_element\n").field());
        assertEquals(
                "selector",
                invalid("steps:\n  - action: find_element\n    selector: colour=red\n")
                        .field());
        assertEquals(
                "restore_policy",
                invalid("steps:\n  - action: paste_text\n    value: v\n    restore_policy: sometimes\n")
                        .field());
        assertEquals(
                "retries",
                invalid("steps:\n  - action: observe\n    retries: -1\n").field());
        assertEquals(
                "region",
                invalid("steps:\n  - action: click\n    region: 1,2,3\n").field());
        WorkflowValidationException drag = invalid("steps:\n  - action: observe\n  - action: drag\n");
        assertEquals(1, drag.step());
        assertNull(drag.field());
        assertEquals("steps", invalid("name: w\nsteps: []\n").field());
        assertEquals(
                "schema_version",
                invalid("schema_version: peekaboox.workflow.v9\nsteps:\n  - action: observe\n")
                        .field());
    }

    @Test
    void malformedTextIsATypedErrorThatNeverQuotesTheFile() {
        WorkflowValidationException e = assertThrows(
                WorkflowValidationException.class,
                () -> WorkflowFiles.parse("{\"steps\": [{\"action\": \"type\", \"value\": \"s3cret\"", "json"));
        assertFalse(e.getMessage().contains("s3cret"));
        assertEquals(WorkflowValidationException.CODE, "invalid_workflow");
    }

    @Test
    void aStepNeverShowsItsTextOrSelector() throws Exception {
        String shown =
                WorkflowFiles.load(resource("workflow.yaml")).steps().get(2).toString();
        assertFalse(shown.contains("Hello"));
        assertTrue(shown.contains("type_text"));
    }
}
