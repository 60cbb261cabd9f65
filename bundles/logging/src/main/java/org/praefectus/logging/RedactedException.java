package org.praefectus.logging;

/**
 * An exception chain with the messages taken out: each link keeps its class name and stack frames. For failures
 * whose message may quote what a backend saw (typed text, a selector, a path the user chose): the log still shows
 * what failed where, never the content.
 */
public final class RedactedException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private RedactedException(Throwable original, RedactedException cause) {
        super(original.getClass().getName(), cause, false, true);
        setStackTrace(original.getStackTrace());
    }

    /** {@code thrown}'s chain (at most 10 links) without its messages; null for null. */
    public static RedactedException of(Throwable thrown) {
        if (thrown == null) {
            return null;
        }
        java.util.List<Throwable> chain = new java.util.ArrayList<>();
        for (Throwable t = thrown; t != null && chain.size() < 10; t = t.getCause() == t ? null : t.getCause()) {
            chain.add(t);
        }
        RedactedException redacted = null;
        for (int i = chain.size() - 1; i >= 0; i--) {
            redacted = new RedactedException(chain.get(i), redacted);
        }
        return redacted;
    }
}
