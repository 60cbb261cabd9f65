package org.praefectus.bridge.run;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.praefectus.bridge.adapter.AgentTask;

/**
 * What {@code allow_destructive_write: false} withholds, found after the run: a file that existed before
 * and is gone, or a file that existed before and that the agent replaced whole (Claude's {@code Write}
 * tool) although the task did not name it among its inputs or expected outputs. Creating files and editing
 * files inside the workdir is allowed (the seed's own example writes {@code homepage.md} under this
 * policy). The CLIs cannot be told to withhold exactly this, so it is checked here and reported as a risk
 * checkpoint with the paths.
 */
final class DestructiveChanges {

    private DestructiveChanges() {}

    /** A pause reason naming what was withheld, or null when nothing was. */
    static String describe(
            AgentTask task, ArtifactSnapshot before, ArtifactSnapshot.Diff diff, List<String> overwritten) {
        List<String> problems = new ArrayList<>();
        if (!diff.deleted().isEmpty()) {
            problems.add("deleted " + String.join(", ", diff.deleted()));
        }
        Set<Path> named = new HashSet<>(task.expectedOutputs());
        named.addAll(task.inputFiles());
        List<String> replaced = new ArrayList<>();
        for (String file : overwritten) {
            Path path = task.workdir().resolve(file).normalize();
            if (!path.startsWith(task.workdir())) {
                continue; // outside the workdir the snapshot cannot tell; the CLI's own sandbox applies
            }
            String rel = task.workdir().relativize(path).toString();
            if (before.files().containsKey(rel)
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
