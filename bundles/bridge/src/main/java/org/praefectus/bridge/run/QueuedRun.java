package org.praefectus.bridge.run;

import java.nio.file.Path;
import java.util.List;
import org.praefectus.bridge.adapter.AgentAdapter;
import org.praefectus.bridge.adapter.AgentTask;
import org.praefectus.bridge.config.BridgeSettings;
import org.praefectus.bridge.paths.MappedWorkdir;
import org.praefectus.plugins.process.ProcessExecution;

/**
 * What a queued or running run needs besides its record: the adapter and its settings, the validated
 * task, and while it runs its process. Guarded by its own monitor where cancel and start meet.
 */
final class QueuedRun {
    final Run run;
    final AgentAdapter adapter;
    final BridgeSettings.Executor executor;
    final AgentTask task;
    final MappedWorkdir workdir;
    /** Expected outputs that map to allowed host paths; checked for existence after the run. */
    final List<Path> expectedOutputs;
    /** Expected outputs that cannot be checked (outside every root, denied): reported, never read. */
    final List<String> uncheckedOutputs;

    final long timeoutSeconds;
    /** The JSON task handed on stdin to a command that is not the native CLI; null for the native one. */
    final byte[] genericPayload;

    volatile ProcessExecution execution;
    volatile boolean cancelRequested;
    /** The interactive prompt the CLI stopped at, once detected; the tree is killed for it. */
    volatile DetectedPrompt prompt;

    QueuedRun(
            Run run,
            AgentAdapter adapter,
            BridgeSettings.Executor executor,
            AgentTask task,
            MappedWorkdir workdir,
            List<Path> expectedOutputs,
            List<String> uncheckedOutputs,
            long timeoutSeconds,
            byte[] genericPayload) {
        this.run = run;
        this.adapter = adapter;
        this.executor = executor;
        this.task = task;
        this.workdir = workdir;
        this.expectedOutputs = List.copyOf(expectedOutputs);
        this.uncheckedOutputs = List.copyOf(uncheckedOutputs);
        this.timeoutSeconds = timeoutSeconds;
        this.genericPayload = genericPayload;
    }

    boolean nativeCli() {
        return genericPayload == null;
    }
}
