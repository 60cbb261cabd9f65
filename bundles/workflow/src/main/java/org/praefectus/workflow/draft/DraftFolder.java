package org.praefectus.workflow.draft;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Locale;
import org.praefectus.api.workflow.Workflow;
import org.praefectus.api.workflow.WorkflowException;
import org.praefectus.workflow.model.WorkflowFiles;

/**
 * The host's folder of saved drafts: a draft is written only as a file directly in it (never through {@code ..}, a
 * subfolder or an absolute path elsewhere), as a new 0600 file unless an overwrite is asked for. The file appears
 * whole or not at all: it is written beside its name and moved into place.
 */
final class DraftFolder {

    private final Path folder;

    DraftFolder(Path folder) {
        this.folder = folder.toAbsolutePath().normalize();
    }

    Path write(Workflow workflow, String name, String format, boolean overwrite) throws WorkflowException {
        Path file = inside(name);
        String chosen = format == null ? formatOf(file) : format.toLowerCase(Locale.ROOT);
        if (!chosen.equals("json") && !chosen.equals("yaml")) {
            throw new WorkflowException("invalid_path", "the format is json or yaml");
        }
        if (!overwrite && Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
            throw new WorkflowException(
                    "file_exists", "a file of that name exists; ask for an overwrite to replace it");
        }
        Path partial = null;
        try {
            partial = Files.createTempFile(
                    folder,
                    ".draft-",
                    ".partial",
                    PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
            Files.writeString(partial, WorkflowFiles.write(workflow, chosen), StandardCharsets.UTF_8);
            if (overwrite) {
                Files.move(partial, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } else {
                // a link rather than a rename: it fails when the name appeared since the check above
                Files.createLink(file, partial);
            }
            return file;
        } catch (FileAlreadyExistsException e) {
            throw new WorkflowException(
                    "file_exists", "a file of that name exists; ask for an overwrite to replace it");
        } catch (IOException e) {
            throw new WorkflowException("file_unwritable", "the draft cannot be written in the workflow folder");
        } finally {
            if (partial != null) {
                try {
                    Files.deleteIfExists(partial);
                } catch (IOException e) {
                    // a leftover partial file is private and never read as a workflow (its suffix)
                }
            }
        }
    }

    /** {@code name} as a file directly in the folder, or {@code invalid_path}. */
    private Path inside(String name) throws WorkflowException {
        if (name == null || name.isBlank()) {
            throw new WorkflowException("invalid_path", "a file name is required");
        }
        Path file;
        try {
            file = folder.resolve(name).toAbsolutePath().normalize();
        } catch (InvalidPathException e) {
            throw new WorkflowException("invalid_path", "the name is not a file name");
        }
        if (!folder.equals(file.getParent())) {
            throw new WorkflowException("invalid_path", "a draft is saved only directly in the workflow folder");
        }
        String lower = file.getFileName().toString().toLowerCase(Locale.ROOT);
        if (lower.startsWith(".") || !(lower.endsWith(".json") || lower.endsWith(".yaml") || lower.endsWith(".yml"))) {
            throw new WorkflowException("invalid_path", "the file name ends .json, .yaml or .yml");
        }
        return file;
    }

    private static String formatOf(Path file) {
        return file.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".json") ? "json" : "yaml";
    }
}
