package org.praefectus.api.executor;

/**
 * The one way an executor waits for the visible result of an effect it has sent (a window manager activating a
 * window, a toolkit showing a combo box's new item): the check is read again every {@code everyMs} until it holds,
 * the bound passes, or the caller cancels. A check that does not hold in time is the caller's to report (usually an
 * unknown outcome: the effect was sent), never a guess.
 */
public final class Settle {

    /** A read of what the effect should have changed. */
    @FunctionalInterface
    public interface Check<E extends Exception> {
        boolean holds() throws E;
    }

    private Settle() {}

    /**
     * @param untilMs the wall-clock bound ({@link System#currentTimeMillis()})
     * @return whether the check held before the bound and without cancellation
     */
    public static <E extends Exception> boolean until(
            Check<E> check, long everyMs, long untilMs, CancellationToken cancellation) throws E {
        while (!check.holds()) {
            if (System.currentTimeMillis() >= untilMs || cancellation.isCancelled()) {
                return false;
            }
            try {
                Thread.sleep(Math.max(1, everyMs));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
        return true;
    }
}
