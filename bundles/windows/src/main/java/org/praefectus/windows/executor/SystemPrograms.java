package org.praefectus.windows.executor;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Windows' own programs ({@code explorer.exe}, {@code notepad.exe}, …) resolved from the
 * system directories only, never through {@code PATH} or the working directory, run without a shell.
 */
class SystemPrograms {

    /** What a run reached. */
    enum Result {
        /** Not found or not started: nothing happened. */
        NOT_STARTED,
        /** It exited 0. */
        SUCCEEDED,
        /** It started and then failed, timed out or was interrupted: unknown effect. */
        UNKNOWN
    }

    private final List<Path> directories;

    SystemPrograms(List<Path> directories) {
        this.directories = List.copyOf(directories);
    }

    /** {@code %SystemRoot%\System32} and {@code %SystemRoot%}, as the process environment names the root. */
    static List<Path> systemDirectories(Map<String, String> environment) {
        Path root = Path.of(environment.getOrDefault("SystemRoot", "C:\\Windows"));
        return List.of(root.resolve("System32"), root);
    }

    /** The program of that name ({@code .exe} appended when missing), or {@code null}. */
    Path resolve(String name) {
        if (name.isBlank() || name.contains("/") || name.contains("\\") || name.contains(":") || name.startsWith(".")) {
            return null;
        }
        String file = name.toLowerCase(java.util.Locale.ROOT).endsWith(".exe") ? name : name + ".exe";
        for (Path directory : directories) {
            Path candidate = directory.resolve(file);
            if (Files.isRegularFile(candidate)) {
                return candidate;
            }
        }
        return null;
    }

    Result run(String name, List<String> arguments, long deadlineAtMs) {
        Path program = resolve(name);
        if (program == null) {
            return Result.NOT_STARTED;
        }
        List<String> command = new ArrayList<>();
        command.add(program.toString());
        command.addAll(arguments);
        ProcessBuilder builder = new ProcessBuilder(command)
                .directory(program.getParent().toFile())
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(ProcessBuilder.Redirect.DISCARD);
        Process process;
        try {
            process = builder.start();
        } catch (IOException e) {
            return Result.NOT_STARTED;
        }
        try {
            // nothing to read: a program waiting for input sees its end at once
            process.getOutputStream().close();
            if (!process.waitFor(Math.max(0, deadlineAtMs - System.currentTimeMillis()), TimeUnit.MILLISECONDS)) {
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
