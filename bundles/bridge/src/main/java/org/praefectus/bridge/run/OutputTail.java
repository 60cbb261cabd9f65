package org.praefectus.bridge.run;

/** The last {@value #MAX_CHARS} characters of a stream, whole lines where possible. */
final class OutputTail {

    static final int MAX_CHARS = 4000;

    private final StringBuilder text = new StringBuilder();

    synchronized void add(String line) {
        text.append(line.length() > MAX_CHARS ? line.substring(line.length() - MAX_CHARS) : line)
                .append('\n');
        if (text.length() > 2 * MAX_CHARS) {
            text.delete(0, text.length() - MAX_CHARS);
        }
    }

    /** The last {@value #MAX_CHARS} characters of a text (the agent's final message). */
    static String last(String text) {
        return text.length() > MAX_CHARS ? text.substring(text.length() - MAX_CHARS) : text;
    }

    synchronized String value() {
        if (text.length() == 0) {
            return null;
        }
        return text.length() > MAX_CHARS ? text.substring(text.length() - MAX_CHARS) : text.toString();
    }
}
