package org.praefectus.macos.executor;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The platform's own utility programs ({@code open}, {@code osascript}, {@code pbcopy}), resolved from a
 * fixed directory list and never through {@code PATH}, run with a minimal environment and no shell.
 */
class Utilities {

    /** Where macOS keeps its utilities; searched in this order. */
    static final List<Path> DIRECTORIES = List.of(Path.of("/usr/bin"), Path.of("/bin"), Path.of("/usr/sbin"));

    /** What a run reached. */
    enum Result {
        /** The program was not found or could not start: nothing happened. */
        NOT_STARTED,
        /** It ran and exited 0. */
        SUCCEEDED,
        /** It started and failed, timed out or was interrupted: its effect is unknown. */
        UNKNOWN
    }

    private final List<Path> directories;

    Utilities(List<Path> directories) {
        this.directories = List.copyOf(directories);
    }

    /** The first executable regular file of that name in the fixed directories, or {@code null}. */
    Path resolve(String name) {
        for (Path directory : directories) {
            Path candidate = directory.resolve(name);
            if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                return candidate;
            }
        }
        return null;
    }

    /**
     * Runs a utility with arguments (never through a shell) and optional standard input, until it exits or
     * the deadline passes.
     */
    Result run(String name, List<String> arguments, String stdin, long deadlineAtMs) {
        Path program = resolve(name);
        if (program == null) {
            return Result.NOT_STARTED;
        }
        List<String> command = new ArrayList<>();
        command.add(program.toString());
        command.addAll(arguments);
        ProcessBuilder builder = new ProcessBuilder(command)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(ProcessBuilder.Redirect.DISCARD);
        Map<String, String> environment = builder.environment();
        String home = environment.get("HOME");
        environment.clear();
        environment.put("PATH", "/usr/bin:/bin:/usr/sbin:/sbin");
        environment.put("LANG", "en_US.UTF-8");
        if (home != null) {
            environment.put("HOME", home);
        }
        Process process;
        try {
            process = builder.start();
        } catch (IOException e) {
            return Result.NOT_STARTED;
        }
        try {
            try (OutputStream in = process.getOutputStream()) {
                if (stdin != null) {
                    in.write(stdin.getBytes(StandardCharsets.UTF_8));
                }
            }
            long wait = Math.max(0, deadlineAtMs - System.currentTimeMillis());
            if (!process.waitFor(wait, TimeUnit.MILLISECONDS)) {
                process.destroyForcibly();
                return Result.UNKNOWN;
            }
            return process.exitValue() == 0 ? Result.SUCCEEDED : Result.UNKNOWN;
        } catch (IOException e) {
            process.destroyForcibly();
            return Result.UNKNOWN;
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
            return Result.UNKNOWN;
        }
    }
}
