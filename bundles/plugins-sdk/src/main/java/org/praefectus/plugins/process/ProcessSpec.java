package org.praefectus.plugins.process;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * What to run and within which bounds. Build one with {@link #builder(List)}.
 *
 * @param command              the argv: the program (a path, or a name looked up on the child's
 *                             {@code PATH}) and its arguments; never interpreted by a shell
 * @param workingDirectory     the child's current directory
 * @param inheritedEnvironment names of the parent's environment variables the child may see; every other
 *                             variable of the parent is withheld
 * @param environment          variables set for the child, after the inherited ones
 * @param stdin                bytes written to the child's stdin, which is then closed
 * @param timeout              the deadline, counted from the start
 * @param maxOutputBytes       bytes kept of stdout and of stderr, each; also the longest piece of a line
 *                             handed to the listener
 */
public record ProcessSpec(
        List<String> command,
        Path workingDirectory,
        Set<String> inheritedEnvironment,
        Map<String, String> environment,
        byte[] stdin,
        Duration timeout,
        int maxOutputBytes) {

    /** The default inherited names: PeekabooX's plugin allowlist. */
    public static final Set<String> DEFAULT_INHERITED_ENVIRONMENT =
            Set.of("PATH", "HOME", "LANG", "LC_ALL", "PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV", "XDG_RUNTIME_DIR");

    /** Default timeout: 10 seconds. */
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(10);

    /** Default output cap: 1 MiB per stream. */
    public static final int DEFAULT_MAX_OUTPUT_BYTES = 1_048_576;

    public ProcessSpec {
        command = List.copyOf(command);
        if (command.isEmpty() || command.get(0).isEmpty()) {
            throw new IllegalArgumentException("the command needs a program");
        }
        Objects.requireNonNull(workingDirectory, "workingDirectory");
        inheritedEnvironment = Set.copyOf(inheritedEnvironment);
        environment = Map.copyOf(environment);
        for (String name : environment.keySet()) {
            if (name.isEmpty() || name.indexOf('=') >= 0 || name.indexOf('\0') >= 0) {
                throw new IllegalArgumentException("invalid environment variable name");
            }
        }
        stdin = stdin.clone();
        Objects.requireNonNull(timeout, "timeout");
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("timeout must be positive");
        }
        if (maxOutputBytes <= 0) {
            throw new IllegalArgumentException("maxOutputBytes must be positive");
        }
    }

    @Override
    public byte[] stdin() {
        return stdin.clone();
    }

    /** The program name, for messages; arguments are never shown because they may carry secrets. */
    public String program() {
        return command.get(0);
    }

    @Override
    public String toString() {
        return "ProcessSpec[program=" + program() + ", arguments=" + (command.size() - 1) + ", timeout=" + timeout
                + ", maxOutputBytes=" + maxOutputBytes + "]";
    }

    /** A builder with the defaults: current directory, the default allowlist, no stdin, 10 s, 1 MiB. */
    public static Builder builder(List<String> command) {
        return new Builder(command);
    }

    /** Builds a {@link ProcessSpec}. */
    public static final class Builder {
        private final List<String> command;
        private Path workingDirectory = Path.of("").toAbsolutePath();
        private final Set<String> inherited = new LinkedHashSet<>(DEFAULT_INHERITED_ENVIRONMENT);
        private final Map<String, String> environment = new LinkedHashMap<>();
        private byte[] stdin = new byte[0];
        private Duration timeout = DEFAULT_TIMEOUT;
        private int maxOutputBytes = DEFAULT_MAX_OUTPUT_BYTES;

        private Builder(List<String> command) {
            this.command = new ArrayList<>(command);
        }

        public Builder workingDirectory(Path directory) {
            this.workingDirectory = directory;
            return this;
        }

        /** Replaces the allowlist of inherited variable names. */
        public Builder inheritedEnvironment(Set<String> names) {
            inherited.clear();
            inherited.addAll(names);
            return this;
        }

        public Builder environment(String name, String value) {
            environment.put(name, value);
            return this;
        }

        public Builder environment(Map<String, String> variables) {
            environment.putAll(variables);
            return this;
        }

        public Builder stdin(byte[] bytes) {
            this.stdin = bytes;
            return this;
        }

        public Builder timeout(Duration timeout) {
            this.timeout = timeout;
            return this;
        }

        public Builder maxOutputBytes(int maxOutputBytes) {
            this.maxOutputBytes = maxOutputBytes;
            return this;
        }

        public ProcessSpec build() {
            return new ProcessSpec(command, workingDirectory, inherited, environment, stdin, timeout, maxOutputBytes);
        }
    }
}
