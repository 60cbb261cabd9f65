package org.praefectus.daemon.ipc;

/** A request the daemon answers with an error envelope; the message is a fixed text, never request content. */
final class IpcException extends Exception {

    private static final long serialVersionUID = 1L;

    private final String code;

    IpcException(String code, String message) {
        super(message, null, false, false);
        this.code = code;
    }

    static IpcException invalid(String message) {
        return new IpcException("invalid_request", message);
    }

    String code() {
        return code;
    }
}
