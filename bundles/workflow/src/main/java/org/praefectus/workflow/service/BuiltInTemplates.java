package org.praefectus.workflow.service;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.praefectus.api.workflow.TemplateFilter;
import org.praefectus.api.workflow.Workflow;
import org.praefectus.api.workflow.WorkflowException;
import org.praefectus.api.workflow.WorkflowTemplate;
import org.praefectus.api.workflow.WorkflowValidationException;
import org.praefectus.workflow.model.WorkflowFiles;

/**
 * The built-in templates, shipped as resources {@code templates/<id>.json} in PeekabooX's shape (id, name,
 * description, category, capabilities, tags and the workflow), each validated as every workflow is when the
 * bundle loads them: a template that does not validate is a build defect, not a runtime surprise.
 */
final class BuiltInTemplates {

    /** The templates, in the order they are listed. */
    static final List<String> IDS =
            List.of("observe-desktop", "semantic-click", "type-into-field", "type-or-paste-text", "save-with-hotkey");

    private static final ObjectMapper JSON = new ObjectMapper();

    private final List<WorkflowTemplate> all;

    private BuiltInTemplates(List<WorkflowTemplate> all) {
        this.all = List.copyOf(all);
    }

    static BuiltInTemplates load() {
        List<WorkflowTemplate> loaded = new ArrayList<>();
        for (String id : IDS) {
            try (InputStream in = BuiltInTemplates.class.getResourceAsStream("templates/" + id + ".json")) {
                if (in == null) {
                    throw new IllegalStateException("the template " + id + " is not in the bundle");
                }
                loaded.add(template(JSON.readTree(in)));
            } catch (IOException | WorkflowValidationException e) {
                throw new IllegalStateException("the built-in template " + id + " is broken: " + e.getMessage(), e);
            }
        }
        return new BuiltInTemplates(loaded);
    }

    private static WorkflowTemplate template(JsonNode node) throws WorkflowValidationException {
        Workflow workflow = WorkflowFiles.fromTree(node.get("workflow"));
        return new WorkflowTemplate(
                node.get("id").asText(),
                node.get("name").asText(),
                node.get("description").asText(),
                node.get("category").asText(),
                strings(node.get("capabilities")),
                strings(node.get("tags")),
                workflow.steps().size(),
                workflow,
                WorkflowFiles.write(workflow, "json"),
                WorkflowFiles.write(workflow, "yaml"));
    }

    private static List<String> strings(JsonNode array) {
        List<String> values = new ArrayList<>();
        array.forEach(value -> values.add(value.asText()));
        return values;
    }

    List<WorkflowTemplate> matching(TemplateFilter filter) {
        return all.stream()
                .filter(filter::matches)
                .map(WorkflowTemplate::listing)
                .toList();
    }

    WorkflowTemplate byId(String id) throws WorkflowException {
        String wanted = id == null ? "" : id.trim().toLowerCase(Locale.ROOT);
        return all.stream()
                .filter(t -> t.id().equals(wanted))
                .findFirst()
                .orElseThrow(() -> new WorkflowException(
                        "unknown_template", "no built-in template has this id; expected one of " + IDS));
    }
}
