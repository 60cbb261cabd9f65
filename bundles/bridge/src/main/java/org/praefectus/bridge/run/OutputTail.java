package org.praefectus.bridge.run;

/** The last {@value #MAX_CHARS} characters of a stream, whole lines where possible. */
final class OutputTail {

    static final int MAX_CHARS = 4000;

    private final StringBuilder text = new StringBuilder();

    synchronized void add(String line) {
        text.append(line).append('\n');
        if (text.length() > 2 * MAX_CHARS) {
            text.delete(0, text.length() - MAX_CHARS);
        }
    }

    synchronized String value() {
        if (text.length() == 0) {
            return null;
        }
        return text.length() > MAX_CHARS ? text.substring(text.length() - MAX_CHARS) : text.toString();
    }
}
