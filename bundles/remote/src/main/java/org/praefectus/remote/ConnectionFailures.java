package org.praefectus.remote;

import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.PortUnreachableException;
import java.net.UnknownHostException;

/**
 * Reads what a Remote Services proxy's exception says about the call. The link ({@code
 * org.praefectus.remote.link}) sends a call on a connection it holds or has just established, so a refused,
 * unroutable or unresolvable connection proves the desktop host never saw the call; anything else (a reset,
 * an end of stream, a read timeout) may have come after the call arrived.
 */
public final class ConnectionFailures {

    private ConnectionFailures() {}

    /** Whether the call provably never reached the remote side. */
    public static boolean neverConnected(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof ConnectException
                    || cause instanceof NoRouteToHostException
                    || cause instanceof PortUnreachableException
                    || cause instanceof UnknownHostException) {
                return true;
            }
            if (cause.getCause() == cause) {
                break;
            }
        }
        return false;
    }
}
