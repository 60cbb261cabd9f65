package org.praefectus.workflow.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.praefectus.api.cli.CliCommandException;
import org.praefectus.workflow.model.WorkflowFiles;

/** {@code workflow bundle FILE OUT}: a portable replay bundle in a new private folder, as PeekabooX writes one. */
class WorkflowBundleCommandTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path directory;

    private WorkflowCommand offline() {
        return new WorkflowCommand(null, null, directory.resolve("runs"));
    }

    @Test
    void theBundleHoldsTheWorkflowItsNormalizedFormTheDoctorAndTheReplay() throws Exception {
        Path file = directory.resolve("aliases.yaml");
        Files.writeString(
                file, "name: aliases\nsteps:\n  - action: type\n    value: hi\n  - action: move\n    x: 1\n    y: 2\n");
        Path out = directory.resolve("bundle");

        @SuppressWarnings("unchecked")
        Map<String, Object> data =
                (Map<String, Object>) offline().run(List.of("bundle", file.toString(), out.toString()));

        List<String> files = List.of(
                "workflow.json",
                "workflow.yaml",
                "workflow.normalized.json",
                "metadata.json",
                "doctor.json",
                "replay-result.json");
        assertEquals(files, data.get("files"));
        assertEquals(out.toString(), data.get("bundle"));
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(out)));
        for (String name : files) {
            assertEquals(
                    "rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(out.resolve(name))), name);
        }
        assertEquals(WorkflowFiles.load(file), WorkflowFiles.load(out.resolve("workflow.yaml")));
        assertEquals(WorkflowFiles.load(file), WorkflowFiles.load(out.resolve("workflow.json")));
        JsonNode normalized =
                JSON.readTree(out.resolve("workflow.normalized.json").toFile());
        assertEquals("type_text", normalized.at("/steps/0/action").asText());
        assertEquals("move_mouse", normalized.at("/steps/1/action").asText());
        JsonNode metadata = JSON.readTree(out.resolve("metadata.json").toFile());
        assertEquals("aliases", metadata.get("workflow").asText());
        assertEquals(2, metadata.get("steps").asInt());
        assertEquals(file.toString(), metadata.get("source_path").asText());
        assertEquals(
                "doctor_unavailable",
                JSON.readTree(out.resolve("doctor.json").toFile())
                        .at("/error/code")
                        .asText());
        assertEquals(
                "desktop_unavailable",
                JSON.readTree(out.resolve("replay-result.json").toFile())
                        .at("/error/code")
                        .asText());
        assertEquals(false, Files.exists(directory.resolve("runs")), "a bundle's replay is a dry run: no journal");
    }

    @Test
    void aBundleIsWrittenOnlyIntoANewOrEmptyFolderFromAValidFile() throws Exception {
        Path file = directory.resolve("one.yaml");
        Files.writeString(file, "steps:\n  - action: observe\n");
        Path full = Files.createDirectory(directory.resolve("full"));
        Files.writeString(full.resolve("keep.txt"), "mine");
        assertEquals(
                "file_exists",
                assertThrows(
                                CliCommandException.class,
                                () -> offline().run(List.of("bundle", file.toString(), full.toString())))
                        .code());
        assertEquals("mine", Files.readString(full.resolve("keep.txt")));
        Path bad = directory.resolve("bad.yaml");
        Files.writeString(bad, "steps:\n  - action: fly\n");
        CliCommandException invalid = assertThrows(
                CliCommandException.class,
                () -> offline()
                        .run(List.of(
                                "bundle", bad.toString(), directory.resolve("b").toString())));
        assertEquals("invalid_workflow", invalid.code());
        assertEquals(false, Files.exists(directory.resolve("b")), "nothing written for an invalid workflow");
        assertEquals(
                "usage",
                assertThrows(CliCommandException.class, () -> offline().run(List.of("bundle", file.toString())))
                        .code());
    }
}
