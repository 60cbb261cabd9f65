package org.praefectus.workflow.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.workflow.TemplateFilter;
import org.praefectus.api.workflow.Workflow;
import org.praefectus.api.workflow.WorkflowException;
import org.praefectus.api.workflow.WorkflowRun;
import org.praefectus.api.workflow.WorkflowTemplate;
import org.praefectus.api.workflow.WorkflowValidationException;

/** The typed workflow service: files, typed errors, the built-in templates. */
class DesktopWorkflowsTest {

    @TempDir
    Path directory;

    private DesktopWorkflows service() {
        return new DesktopWorkflows(null, directory.resolve("runs"));
    }

    @Test
    void everyBuiltInTemplateShipsValidAndRoundTripsThroughItsOwnText() throws Exception {
        DesktopWorkflows service = service();
        List<WorkflowTemplate> listed = service.templates(TemplateFilter.ALL);
        assertEquals(
                BuiltInTemplates.IDS, listed.stream().map(WorkflowTemplate::id).toList());
        for (WorkflowTemplate listing : listed) {
            assertNull(listing.workflow(), "a listing carries no workflow");
            WorkflowTemplate info = service.template(listing.id().toUpperCase(java.util.Locale.ROOT));
            assertEquals(listing.steps(), info.workflow().steps().size());
            assertEquals(info.workflow(), service.parse(info.json(), "json"), listing.id() + " as JSON");
            assertEquals(info.workflow(), service.parse(info.yaml(), "yaml"), listing.id() + " as YAML");
        }
    }

    @Test
    void templatesAreFilteredAsPeekabooxFiltersThem() {
        DesktopWorkflows service = service();
        assertEquals(
                List.of("type-into-field", "type-or-paste-text"),
                service.templates(new TemplateFilter(null, "TYPE_TEXT", null)).stream()
                        .map(WorkflowTemplate::id)
                        .toList());
        assertEquals(
                List.of("observe-desktop"),
                service.templates(new TemplateFilter("observe", null, null)).stream()
                        .map(WorkflowTemplate::id)
                        .toList());
        assertEquals(
                List.of("type-or-paste-text"),
                service.templates(new TemplateFilter(null, null, "paste")).stream()
                        .map(WorkflowTemplate::id)
                        .toList());
        assertEquals(
                "unknown_template",
                assertThrows(WorkflowException.class, () -> service.template("no-such-template"))
                        .code());
    }

    @Test
    void badInputIsATypedErrorThatNeverQuotesTheWorkflow() throws Exception {
        DesktopWorkflows service = service();
        WorkflowValidationException invalid = assertThrows(
                WorkflowValidationException.class,
                () -> service.parse(
                        "{\"steps\":[{\"action\":\"type_text\",\"value\":\"secret words\",\"colour\":1}]}", null));
        assertEquals("invalid_workflow", invalid.code());
        assertEquals(0, invalid.step());
        assertEquals("colour", invalid.field());
        assertTrue(!invalid.getMessage().contains("secret"), invalid.getMessage());
        assertEquals(
                "file_not_found",
                assertThrows(WorkflowException.class, () -> service.load(directory.resolve("absent.yaml")))
                        .code());
        Workflow workflow = service.parse("steps:\n  - action: observe\n", "yaml");
        Path saved = directory.resolve("saved.yaml");
        service.save(workflow, saved);
        assertEquals(workflow, service.load(saved));
        assertNotNull(Files.readString(saved));
        assertEquals(
                "file_unwritable",
                assertThrows(
                                WorkflowException.class,
                                () -> service.save(workflow, directory.resolve("no/such/folder/w.json")))
                        .code());
        assertEquals(
                "desktop_unavailable",
                assertThrows(
                                WorkflowException.class,
                                () -> service.execute(
                                        workflow, new WorkflowRun(null, true, null), new CancellationToken()))
                        .code());
    }
}
