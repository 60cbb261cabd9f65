package org.praefectus.workflow.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.praefectus.api.workflow.Workflow;
import org.praefectus.api.workflow.WorkflowException;
import org.praefectus.api.workflow.WorkflowStep;
import org.praefectus.api.workflow.WorkflowValidationException;
import org.praefectus.workflow.model.WorkflowFiles;

/**
 * A portable replay bundle (PeekabooX's {@code create_workflow_bundle}): a new private folder (0700, files 0600) with
 * the workflow as JSON and YAML, its normalized form (every action under its canonical name), {@code metadata.json},
 * the doctor's diagnostics ({@code doctor.json}) and the replay's results ({@code replay-result.json}, a dry run:
 * what each step would sign). A diagnostic or replay that could not be made is written as its error's code.
 */
final class ReplayBundle {

    private static final ObjectMapper JSON = new ObjectMapper()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS);

    private ReplayBundle() {}

    /**
     * Writes the bundle into {@code out}, which must not exist or be an empty folder.
     *
     * @param doctor the doctor's report, or an {@code error} object
     * @param replay the dry run's result, or an {@code error} object
     * @return the files written, in order
     */
    static List<String> write(Workflow workflow, Path source, Path out, Object doctor, Object replay)
            throws WorkflowException {
        try {
            folder(out);
            List<String> written = new ArrayList<>();
            file(out, "workflow.json", WorkflowFiles.write(workflow, "json"), written);
            file(out, "workflow.yaml", WorkflowFiles.write(workflow, "yaml"), written);
            file(out, "workflow.normalized.json", WorkflowFiles.write(normalized(workflow), "json"), written);
            Map<String, Object> metadata = new LinkedHashMap<>();
            metadata.put("schema_version", 1);
            metadata.put("created_at_unix_ms", System.currentTimeMillis());
            metadata.put("workflow", workflow.name());
            metadata.put("workflow_schema_version", workflow.schemaVersion());
            metadata.put("steps", workflow.steps().size());
            metadata.put("source_path", source.toAbsolutePath().toString());
            file(out, "metadata.json", JSON.writeValueAsString(metadata), written);
            file(out, "doctor.json", JSON.writeValueAsString(doctor), written);
            file(out, "replay-result.json", JSON.writeValueAsString(replay), written);
            return written;
        } catch (IOException e) {
            throw new WorkflowException("file_unwritable", "the bundle folder cannot be written");
        }
    }

    /** The workflow with every action under its canonical name ({@code type} is {@code type_text}…). */
    static Workflow normalized(Workflow workflow) throws WorkflowValidationException {
        ObjectNode tree = JSON.valueToTree(workflow);
        for (int index = 0; index < workflow.steps().size(); index++) {
            WorkflowStep step = workflow.steps().get(index);
            ((ObjectNode) tree.get("steps").get(index)).put("action", step.canonicalAction());
        }
        return WorkflowFiles.fromTree(tree);
    }

    private static void folder(Path out) throws IOException, WorkflowException {
        if (Files.exists(out, LinkOption.NOFOLLOW_LINKS)) {
            if (!Files.isDirectory(out, LinkOption.NOFOLLOW_LINKS)) {
                throw new WorkflowException("file_exists", "the bundle's folder is a file");
            }
            try (DirectoryStream<Path> entries = Files.newDirectoryStream(out)) {
                if (entries.iterator().hasNext()) {
                    throw new WorkflowException("file_exists", "the bundle's folder is not empty");
                }
            }
            return;
        }
        Files.createDirectories(
                out, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
    }

    private static void file(Path out, String name, String text, List<String> written) throws IOException {
        Files.writeString(
                out.resolve(name),
                text.endsWith("\n") ? text : text + "\n",
                StandardCharsets.UTF_8,
                StandardOpenOption.CREATE_NEW,
                StandardOpenOption.WRITE);
        Files.setPosixFilePermissions(out.resolve(name), PosixFilePermissions.fromString("rw-------"));
        written.add(name);
    }
}
