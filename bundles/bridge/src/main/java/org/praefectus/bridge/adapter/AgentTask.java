package org.praefectus.bridge.adapter;

import java.nio.file.Path;
import java.util.List;

/**
 * A run's task as an adapter sees it: host paths only, already validated.
 *
 * @param title                 task title
 * @param instructions          the instructions (the prompt; never logged)
 * @param workdir               the validated host working directory
 * @param inputFiles            validated host paths of the input files
 * @param expectedOutputs       validated host paths of the expected outputs
 * @param allowDestructiveWrite approval policy: may delete files or overwrite files the task did not name
 *                              (creating and editing files in the workdir is always allowed)
 * @param allowShell            approval policy: may run shell commands
 * @param modelProfile          fast, standard, reasoning or critical
 * @param nativeSubagents       true when the CLI may use its own subagents
 */
public record AgentTask(
        String title,
        String instructions,
        Path workdir,
        List<Path> inputFiles,
        List<Path> expectedOutputs,
        boolean allowDestructiveWrite,
        boolean allowShell,
        String modelProfile,
        boolean nativeSubagents) {

    public AgentTask {
        inputFiles = List.copyOf(inputFiles);
        expectedOutputs = List.copyOf(expectedOutputs);
    }

    /** The prompt handed to the CLI on stdin (never in argv, where every local user could read it). */
    public String prompt() {
        StringBuilder b = new StringBuilder();
        b.append("# ").append(title).append("\n\n").append(instructions).append("\n");
        if (!inputFiles.isEmpty()) {
            b.append("\nInput files:\n");
            inputFiles.forEach(p -> b.append("- ").append(p).append('\n'));
        }
        if (!expectedOutputs.isEmpty()) {
            b.append("\nExpected outputs:\n");
            expectedOutputs.forEach(p -> b.append("- ").append(p).append('\n'));
        }
        b.append("\nWork only inside ").append(workdir).append(".\n");
        return b.toString();
    }
}
