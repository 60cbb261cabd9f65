package org.praefectus.logging;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;
import org.praefectus.api.host.HostState;
import org.praefectus.logging.file.LogLine;
import org.praefectus.logging.file.RotatingLogFile;

/**
 * The gate of the process log. slf4j binds its provider once per class space, so the sink behind every logger of
 * the process is one static thing: this class holds it. A long-running command {@linkplain #open opens} the log
 * in its private state directory; until then nothing is written and no file exists (one-shot commands stay
 * silent), except that up to {@value #EARLY_EVENTS} WARN and ERROR events are held in memory and written when
 * the log opens, so a failure while the runtime starts is not lost. Nothing ever goes to stdout or stderr.
 *
 * <p>Loggers outside {@code org.praefectus} (Jetty, the MCP SDK, dbus-java, Aries RSA, HikariCP …) are kept to
 * INFO and above whatever the level: their DEBUG output carries request headers, D-Bus message bodies and
 * JSON-RPC payloads, which may hold typed text or tokens.
 */
public final class ProcessLog {

    /** The folder under a state directory that holds the process logs. */
    public static final String FOLDER = "logs";

    /** WARN and ERROR events kept in memory before the log opens. */
    public static final int EARLY_EVENTS = 64;

    private static final String OWN_LOGGERS = "org.praefectus.";

    private static final Object LOCK = new Object();
    private static final Deque<Early> EARLY = new ArrayDeque<>();
    private static volatile Sink sink;

    private ProcessLog() {}

    /** An open process log; closing it ends the writing (a later {@link #open} starts again). */
    public interface Handle extends AutoCloseable {
        /** The current file, {@code STATE/logs/<process>.log}. */
        Path file();

        @Override
        void close();
    }

    /**
     * Opens {@code stateDirectory/logs/<process>.log} (the folder 0700, the files 0600, see {@link
     * HostState#privateDirectory}) and sends every logger of this process there, at {@code settings}' level. A
     * second open replaces the first: one process, one log.
     *
     * @param process one path segment naming the process: {@code daemon}, {@code mcp-http}, {@code bridge} …
     * @throws IOException when the folder is not private or the file cannot be opened
     */
    public static Handle open(Path stateDirectory, String process, LogSettings settings) throws IOException {
        Path folder = HostState.privateDirectory(stateDirectory.resolve(FOLDER));
        RotatingLogFile file =
                new RotatingLogFile(folder, segment(process) + ".log", settings.fileBytes(), settings.files());
        Sink opened = new Sink(file, settings.level());
        Sink replaced;
        synchronized (LOCK) {
            replaced = sink;
            sink = opened;
            for (Early early : EARLY) {
                if (opened.level.admits(early.level())) {
                    opened.append(early.line());
                }
            }
            EARLY.clear();
        }
        if (replaced != null) {
            replaced.close();
        }
        return new Handle() {
            @Override
            public Path file() {
                return file.file();
            }

            @Override
            public void close() {
                synchronized (LOCK) {
                    if (sink == opened) {
                        sink = null;
                    }
                }
                opened.close();
            }
        };
    }

    /** Whether an event of {@code level} from {@code logger} would be kept now. */
    public static boolean enabled(LogLevel level, String logger) {
        if (!ownLogger(logger) && level.compareTo(LogLevel.INFO) > 0) {
            return false;
        }
        Sink current = sink;
        return current == null ? LogLevel.WARN.admits(level) : current.level.admits(level);
    }

    /**
     * Writes one event. The message must be fixed text and codes: never typed text, selectors, paths the user
     * chose, tokens or other secrets.
     */
    public static void write(LogLevel level, String logger, String message, Throwable thrown) {
        if (!enabled(level, logger)) {
            return;
        }
        String line =
                LogLine.format(Instant.now(), level, Thread.currentThread().getName(), logger, message, thrown);
        Sink current = sink;
        if (current != null) {
            current.append(line);
            return;
        }
        synchronized (LOCK) {
            if (sink != null) {
                sink.append(line);
            } else {
                if (EARLY.size() == EARLY_EVENTS) {
                    EARLY.removeFirst();
                }
                EARLY.addLast(new Early(level, line));
            }
        }
    }

    private static boolean ownLogger(String logger) {
        return logger != null && logger.startsWith(OWN_LOGGERS);
    }

    private static String segment(String name) {
        if (name == null
                || name.isEmpty()
                || name.length() > 64
                || !name.chars().allMatch(c -> (Character.isLetterOrDigit(c) && c < 128) || c == '-' || c == '_')) {
            throw new IllegalArgumentException("a process name is 1-64 letters, digits, '-' or '_'");
        }
        return name;
    }

    /** An event held until the log opens. */
    private record Early(LogLevel level, String line) {}

    /** The open file and its level. */
    private static final class Sink {
        final RotatingLogFile file;
        final LogLevel level;

        Sink(RotatingLogFile file, LogLevel level) {
            this.file = file;
            this.level = level;
        }

        void append(String line) {
            try {
                file.append(line);
            } catch (IOException lost) {
                // nowhere to say it: stdout and stderr belong to the process's own protocol
            }
        }

        void close() {
            try {
                file.close();
            } catch (IOException ignored) {
                // closing anyway
            }
        }
    }
}
