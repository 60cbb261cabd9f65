package org.praefectus.logging.file;

import java.time.Instant;
import java.time.format.DateTimeFormatter;
import org.praefectus.logging.LogLevel;
import org.praefectus.logging.RedactedException;

/**
 * One event as text: {@code 2026-12-06T09:00:00.123Z WARN [thread] logger - message}, then its exception's
 * chain, each line indented by a tab. A message is one line (line breaks escaped, so no event can forge another)
 * and at most {@value #MAX_MESSAGE} characters. An exception contributes its class, message and frames; a
 * Jackson exception only its class, since a JSON parser's message can quote its input.
 */
public final class LogLine {

    /** Characters of a message kept; the rest is replaced by an ellipsis. */
    static final int MAX_MESSAGE = 2000;

    /** Stack frames kept per exception in the chain. */
    static final int MAX_FRAMES = 40;

    private static final DateTimeFormatter TIME = DateTimeFormatter.ISO_INSTANT;

    private LogLine() {}

    /** The text of one event, ending with a line break. */
    public static String format(
            Instant at, LogLevel level, String thread, String logger, String message, Throwable thrown) {
        StringBuilder line = new StringBuilder(128)
                .append(TIME.format(at))
                .append(' ')
                .append(level.name())
                .append(" [")
                .append(oneLine(thread))
                .append("] ")
                .append(oneLine(logger))
                .append(" - ")
                .append(oneLine(message))
                .append('\n');
        int depth = 0;
        for (Throwable t = thrown; t != null && depth < 10; t = t.getCause() == t ? null : t.getCause(), depth++) {
            line.append('\t')
                    .append(depth == 0 ? "" : "caused by: ")
                    .append(describe(t))
                    .append('\n');
            StackTraceElement[] frames = t.getStackTrace();
            for (int i = 0; i < Math.min(frames.length, MAX_FRAMES); i++) {
                line.append("\t\tat ").append(frames[i]).append('\n');
            }
            if (frames.length > MAX_FRAMES) {
                line.append("\t\t… ").append(frames.length - MAX_FRAMES).append(" more\n");
            }
        }
        return line.toString();
    }

    private static String describe(Throwable t) {
        if (t instanceof RedactedException) {
            return t.getMessage() + " (message withheld)";
        }
        String name = t.getClass().getName();
        if (name.startsWith("com.fasterxml.jackson.") || t.getMessage() == null) {
            return name;
        }
        return name + ": " + oneLine(t.getMessage());
    }

    static String oneLine(String text) {
        if (text == null) {
            return "null";
        }
        String cut = text.length() > MAX_MESSAGE ? text.substring(0, MAX_MESSAGE) + "…" : text;
        StringBuilder out = new StringBuilder(cut.length());
        for (int i = 0; i < cut.length(); i++) {
            char c = cut.charAt(i);
            switch (c) {
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> out.append(c < 0x20 ? '?' : c);
            }
        }
        return out.toString();
    }
}
