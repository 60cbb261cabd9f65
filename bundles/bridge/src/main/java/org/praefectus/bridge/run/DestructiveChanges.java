package org.praefectus.bridge.run;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.praefectus.bridge.adapter.AgentTask;

/**
 * What {@code allow_destructive_write: false} withholds, found after the run, one rule for every adapter:
 * deleting a protected file, or replacing a protected file whole (Claude's {@code Write}, Codex's
 * {@code add} of a path that exists) that the task did not name among its inputs or expected outputs. Which
 * files are protected is configuration ({@link RunPolicy.DestructiveWrites}): by default those that existed
 * before the mission's first run in the workdir, so a mission run again may rewrite what it wrote itself.
 * Creating files and editing files inside the workdir is allowed (the seed's own example writes
 * {@code homepage.md} under this policy). The CLIs cannot be told to withhold exactly this, so it is checked
 * here and reported as a risk checkpoint with the paths.
 */
final class DestructiveChanges {

    private DestructiveChanges() {}

    /**
     * A pause reason naming what was withheld, or null when nothing was.
     *
     * @param protectedFiles the workdir-relative paths the rule protects
     */
    static String describe(
            AgentTask task, Set<String> protectedFiles, ArtifactSnapshot.Diff diff, List<String> overwritten) {
        List<String> problems = new ArrayList<>();
        List<String> deleted =
                diff.deleted().stream().filter(protectedFiles::contains).toList();
        if (!deleted.isEmpty()) {
            problems.add("deleted " + String.join(", ", deleted));
        }
        Set<Path> named = new HashSet<>(task.expectedOutputs());
        named.addAll(task.inputFiles());
        Set<String> replaced = new java.util.TreeSet<>();
        for (String file : overwritten) {
            Path path = task.workdir().resolve(file).normalize();
            if (!path.startsWith(task.workdir())) {
                continue; // outside the workdir the snapshot cannot tell; the CLI's own sandbox applies
            }
            String rel = task.workdir().relativize(path).toString();
            if (protectedFiles.contains(rel)
                    && !named.contains(path)
                    && diff.modified().contains(rel)) {
                replaced.add(rel);
            }
        }
        if (!replaced.isEmpty()) {
            problems.add("overwrote " + String.join(", ", replaced) + ", which the task did not name");
        }
        if (problems.isEmpty()) {
            return null;
        }
        return "The agent " + String.join("; ", problems)
                + ", which the task's approval policy withholds (allow_destructive_write is false).";
    }
}
