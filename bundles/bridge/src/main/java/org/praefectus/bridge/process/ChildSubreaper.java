package org.praefectus.bridge.process;

import com.sun.jna.Library;
import com.sun.jna.Native;
import com.sun.jna.Platform;

/**
 * Makes this JVM a child subreaper (Linux {@code prctl(PR_SET_CHILD_SUBREAPER)}): a process an agent CLI
 * started that outlives its parent, even one that left the session with {@code setsid}, is re-parented to
 * the JVM instead of init, so it stays among the JVM's descendants where {@link RunProcesses} finds it.
 * The JVM then owes such adopted processes a {@code waitpid} once they exit, which {@link #reap} gives.
 */
public final class ChildSubreaper {

    private static final int PR_SET_CHILD_SUBREAPER = 36;
    private static final int WNOHANG = 1;

    interface LibC extends Library {
        int prctl(int option, long arg2, long arg3, long arg4, long arg5);

        int waitpid(int pid, int[] status, int options);
    }

    private static volatile LibC libc;
    private static volatile boolean enabled;

    private ChildSubreaper() {}

    /** Turns the subreaper on, once; false where it cannot be (not Linux, no JNA native library). */
    public static synchronized boolean enable() {
        if (enabled) {
            return true;
        }
        if (!Platform.isLinux()) {
            return false;
        }
        try {
            LibC c = Native.load("c", LibC.class);
            if (c.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) != 0) {
                return false;
            }
            libc = c;
            enabled = true;
            return true;
        } catch (UnsatisfiedLinkError | RuntimeException e) {
            return false;
        }
    }

    public static boolean enabled() {
        return enabled;
    }

    /**
     * Collects the exit status of an adopted process that has ended, so it does not stay a zombie. Only
     * for processes the JVM adopted: a child the JVM started itself is waited for by the JDK.
     */
    static void reap(long pid) {
        LibC c = libc;
        if (c != null) {
            c.waitpid((int) pid, new int[1], WNOHANG);
        }
    }
}
