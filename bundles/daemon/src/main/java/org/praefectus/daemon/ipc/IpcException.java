package org.praefectus.daemon.ipc;

/** A request the daemon answers with an error envelope; the message is a fixed text, never request content. */
final class IpcException extends Exception {

    private static final long serialVersionUID = 1L;

    private final String code;
    private final transient Object details;

    IpcException(String code, String message) {
        this(code, message, null);
    }

    /** @param details what was found before the failure (an input verb's outcome), or {@code null} */
    IpcException(String code, String message, Object details) {
        super(message, null, false, false);
        this.code = code;
        this.details = details;
    }

    static IpcException invalid(String message) {
        return new IpcException("invalid_request", message);
    }

    String code() {
        return code;
    }

    Object details() {
        return details;
    }
}
