package org.praefectus.daemon;

import com.sun.jna.Library;
import com.sun.jna.Native;

/**
 * {@code --sandbox basic}: {@code PR_SET_NO_NEW_PRIVS} (nothing the daemon starts can gain privileges) and
 * {@code PR_SET_DUMPABLE 0} (no core dumps, no ptrace attach by other same-user processes), as PeekabooX's.
 * Linux keeps no_new_privs per thread: it is set on the thread that then starts the socket, so every thread
 * that serves a request, and every process such a thread starts, carries it; the JVM's and the framework's
 * own earlier threads do not. Dumpable is a property of the whole process.
 */
final class Sandbox {

    private static final int PR_SET_DUMPABLE = 4;
    private static final int PR_SET_NO_NEW_PRIVS = 38;

    private Sandbox() {}

    interface C extends Library {
        int prctl(int option, long arg2, long arg3, long arg4, long arg5);
    }

    /** @return whether both settings were applied */
    static boolean basic() {
        try {
            C c = Native.load("c", C.class);
            return c.prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) == 0 && c.prctl(PR_SET_DUMPABLE, 0, 0, 0, 0) == 0;
        } catch (UnsatisfiedLinkError | RuntimeException unavailable) {
            return false;
        }
    }
}
