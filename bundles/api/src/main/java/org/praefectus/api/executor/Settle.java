package org.praefectus.api.executor;

/**
 * The one way Praefectus waits for something it cannot be told about directly (a window manager activating a
 * window, a toolkit showing a new element, a child process opening its port): the check is read again after each
 * pause until it holds, the bound passes, or the caller cancels. A check that does not hold in time is the caller's
 * to report (usually an unknown outcome: the effect was sent), never a guess. The bound and the cancellation are
 * looked at after every read, so a cancelled wait ends within one pause.
 */
public final class Settle {

    /** A read of what the effect should have changed. */
    @FunctionalInterface
    public interface Check<E extends Exception> {
        boolean holds() throws E;
    }

    /**
     * What happens between two reads: at most {@code atMostMs} of waiting, and less when something announces a change
     * (an AT-SPI event). {@link #every(long)} is a plain sleep.
     */
    @FunctionalInterface
    public interface Pause {
        void pause(long atMostMs) throws InterruptedException;
    }

    /** How a wait ended. */
    public enum Outcome {
        /** The check held. */
        HELD,
        /** The bound passed before the check held. */
        TIMED_OUT,
        /** The caller cancelled (or the waiting thread was interrupted) before the check held. */
        CANCELLED
    }

    private Settle() {}

    /** A pause that sleeps {@code everyMs} (at least 1 ms), never past the bound. */
    public static Pause every(long everyMs) {
        long step = Math.max(1, everyMs);
        return atMostMs -> Thread.sleep(Math.max(1, Math.min(step, atMostMs)));
    }

    /**
     * @param untilMs the wall-clock bound ({@link System#currentTimeMillis()})
     * @return whether the check held before the bound and without cancellation
     */
    public static <E extends Exception> boolean until(
            Check<E> check, long everyMs, long untilMs, CancellationToken cancellation) throws E {
        return await(check, every(everyMs), untilMs, cancellation) == Outcome.HELD;
    }

    /**
     * Reads {@code check} until it holds, {@code untilMs} passes or {@code cancellation} is cancelled, pausing with
     * {@code pause} between reads. The check is read at least once, even when the bound has passed. An interrupt ends
     * the wait as {@link Outcome#CANCELLED} and stays set on the thread.
     *
     * @param untilMs the wall-clock bound ({@link System#currentTimeMillis()})
     * @return how the wait ended
     */
    public static <E extends Exception> Outcome await(
            Check<E> check, Pause pause, long untilMs, CancellationToken cancellation) throws E {
        while (!check.holds()) {
            if (cancellation.isCancelled()) {
                return Outcome.CANCELLED;
            }
            long left = untilMs - System.currentTimeMillis();
            if (left <= 0) {
                return Outcome.TIMED_OUT;
            }
            try {
                pause.pause(left);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return Outcome.CANCELLED;
            }
        }
        return Outcome.HELD;
    }
}
