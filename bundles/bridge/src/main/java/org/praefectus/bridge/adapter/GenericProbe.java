package org.praefectus.bridge.adapter;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.praefectus.bridge.config.BridgeSettings;
import org.praefectus.plugins.process.ProcessRunner;

/**
 * The health of a configured command that is not the native CLI: the binary is looked up (never run with
 * CLI flags it may not understand), and the configured {@code healthcheck} argv runs when there is one
 * (an empty one means none, as Praetor's reference bridge has it). Its login state is unknown.
 */
public final class GenericProbe {

    private static final Set<String> ENVIRONMENT = Set.of("PATH", "HOME", "LANG", "LC_ALL", "TMPDIR");

    private GenericProbe() {}

    public static ExecutorProbe probe(BridgeSettings.Executor settings, ProcessRunner runner) {
        if (!available(settings.command())) {
            return new ExecutorProbe(false, null, ExecutorProbe.NOT_DETECTED, "binary not found", Map.of());
        }
        List<String> check = settings.healthcheck();
        if (check.isEmpty()) {
            return new ExecutorProbe(true, null, ExecutorProbe.UNKNOWN, "no healthcheck configured", Map.of());
        }
        ProbeRun run = ProbeRun.run(runner, check.get(0), check.subList(1, check.size()), ENVIRONMENT);
        String detail = run.ok() ? "healthcheck passed" : "healthcheck failed (exit " + run.exitCode() + ")";
        return new ExecutorProbe(true, null, ExecutorProbe.UNKNOWN, detail, Map.of("healthcheck", run.ok()));
    }

    /** The command exists: a path to an executable file, or a name found on this bridge's PATH. */
    public static boolean available(String command) {
        if (command.contains("/")) {
            return Files.isExecutable(Path.of(command));
        }
        String path = System.getenv("PATH");
        if (path == null) {
            return false;
        }
        for (String dir : path.split(File.pathSeparator)) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, command))) {
                return true;
            }
        }
        return false;
    }
}
