package org.praefectus.bridge.adapter;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.praefectus.bridge.config.BridgeSettings;
import org.praefectus.plugins.process.ProcessResult;
import org.praefectus.plugins.process.ProcessRunner;
import org.praefectus.plugins.process.ProcessSpec;
import org.praefectus.plugins.process.ProcessStartException;
import org.praefectus.plugins.process.Termination;

/** Runs one short health command (version, login status, help) under a 10 s deadline. */
record ProbeRun(boolean started, boolean exited, int exitCode, String stdout, String stderr) {

    static final Duration TIMEOUT = Duration.ofSeconds(10);

    String output() {
        return (stdout + "\n" + stderr).strip();
    }

    boolean ok() {
        return exited && exitCode == 0;
    }

    /** Runs the configured executor with its configured arguments followed by {@code subcommand}. */
    static ProbeRun run(
            ProcessRunner runner, BridgeSettings.Executor settings, Set<String> environment, String... subcommand) {
        List<String> args = new ArrayList<>(settings.args());
        args.addAll(List.of(subcommand));
        return run(runner, settings.command(), args, environment);
    }

    static ProbeRun run(ProcessRunner runner, String command, List<String> args, Set<String> environment) {
        List<String> argv = new ArrayList<>();
        argv.add(command);
        argv.addAll(args);
        ProcessSpec spec = ProcessSpec.builder(argv)
                .workingDirectory(Path.of(System.getProperty("java.io.tmpdir")))
                .inheritedEnvironment(environment)
                .timeout(TIMEOUT)
                .maxOutputBytes(64 * 1024)
                .build();
        try {
            ProcessResult result = runner.run(spec);
            return new ProbeRun(
                    true,
                    result.termination() == Termination.EXITED,
                    result.exitCode(),
                    result.stdout().text(),
                    result.stderr().text());
        } catch (ProcessStartException e) {
            return new ProbeRun(false, false, -1, "", "");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new ProbeRun(true, false, -1, "", "");
        }
    }
}
