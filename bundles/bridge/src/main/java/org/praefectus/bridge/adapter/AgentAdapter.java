package org.praefectus.bridge.adapter;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.praefectus.bridge.config.BridgeSettings;
import org.praefectus.plugins.process.ProcessRunner;

/**
 * One registered executor type ({@code codex}, {@code claude_code}). Each is its own DS component: a new
 * type is a new component, never a binary path taken from a request.
 */
public interface AgentAdapter {

    /** The executor name in the contract's {@code executor} enum and in {@code config.yaml}. */
    String type();

    /** The program name of the native CLI ({@code codex}, {@code claude}). */
    String nativeCommandName();

    /**
     * True when the configured command is the native CLI (its file name is {@link #nativeCommandName()});
     * any other command (a wrapper, Praetor's {@code python mock_executor.py}) gets the JSON task on stdin
     * and no CLI flags, as Praetor's reference bridge does.
     */
    default boolean isNativeCommand(String command) {
        Path name = Path.of(command).getFileName();
        return name != null && name.toString().equals(nativeCommandName());
    }

    /** The argv (no shell): the configured command and args, then the adapter's flags. */
    List<String> command(BridgeSettings.Executor settings, AgentTask task);

    /** Host environment variables the CLI needs (its config locations and login); never an API key. */
    Set<String> inheritedEnvironment();

    /**
     * The host's API key variables the CLI reads. They reach the CLI only when the bridge is configured to
     * pass them: with a key set, a CLI logged in by subscription may bill the API instead (Praetor's
     * reference bridge passes none).
     */
    Set<String> apiKeys();

    /** {@link #inheritedEnvironment()}, with {@link #apiKeys()} when they are to be passed. */
    default Set<String> environment(boolean withApiKeys) {
        if (!withApiKeys) {
            return inheritedEnvironment();
        }
        Set<String> all = new java.util.HashSet<>(inheritedEnvironment());
        all.addAll(apiKeys());
        return Set.copyOf(all);
    }

    /** A fresh parser for one run; the task tells it what the approval policy withholds (paused_risk). */
    AgentOutputParser newParser(AgentTask task);

    /**
     * Finds the binary, its version, its real login state and its capabilities, with the environment a run
     * gets ({@link #environment}).
     */
    ExecutorProbe probe(BridgeSettings.Executor settings, ProcessRunner runner, Set<String> environment);
}
