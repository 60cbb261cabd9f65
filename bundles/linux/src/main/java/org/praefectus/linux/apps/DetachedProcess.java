package org.praefectus.linux.apps;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Starts a program the way a desktop launcher does, detached from the process that asks: in a session and process
 * group of its own ({@code setsid}, so a signal to the executor's group or the end of its terminal does not reach
 * it), stdin, stdout and stderr on {@code /dev/null} (it never blocks on, or writes into, the executor's streams), in
 * the desktop's environment ({@code DISPLAY}, the session bus) less Praefectus's own variables, in the home folder.
 * An argument vector, never a shell string.
 */
public final class DetachedProcess {

    /** Where {@code setsid} is looked for: fixed folders, never the search path. */
    private static final List<Path> SETSID = List.of(Path.of("/usr/bin/setsid"), Path.of("/bin/setsid"));

    private static final File NULL = new File("/dev/null");

    private DetachedProcess() {}

    /**
     * Starts {@code argv} and returns its process ID (the program's own: {@code setsid} runs it in place, since a child
     * of this JVM never leads a process group).
     *
     * @throws IOException when it cannot be started (nothing runs then)
     */
    public static long start(List<String> argv, Map<String, String> environment) throws IOException {
        Optional<Path> setsid = SETSID.stream().filter(Files::isExecutable).findFirst();
        if (setsid.isEmpty()) {
            throw new IOException("setsid is not installed");
        }
        List<String> command = new ArrayList<>();
        command.add(setsid.get().toString());
        command.addAll(argv);
        ProcessBuilder builder = new ProcessBuilder(command)
                .redirectInput(ProcessBuilder.Redirect.from(NULL))
                .redirectOutput(ProcessBuilder.Redirect.to(NULL))
                .redirectError(ProcessBuilder.Redirect.to(NULL));
        Map<String, String> env = builder.environment();
        env.clear();
        environment.forEach((key, value) -> {
            if (!key.startsWith("PRAEFECTUS_")) {
                env.put(key, value);
            }
        });
        String home = environment.get("HOME");
        builder.directory(home != null && Files.isDirectory(Path.of(home)) ? new File(home) : new File("/"));
        return builder.start().pid();
    }
}
