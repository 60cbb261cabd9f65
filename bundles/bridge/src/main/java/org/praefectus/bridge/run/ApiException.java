package org.praefectus.bridge.run;

/** A refusal with the contract's error code and an HTTP status; the message never carries secrets. */
public final class ApiException extends Exception {
    private static final long serialVersionUID = 1L;

    private final int httpStatus;
    private final String code;

    public ApiException(int httpStatus, String code, String message) {
        super(message);
        this.httpStatus = httpStatus;
        this.code = code;
    }

    public int httpStatus() {
        return httpStatus;
    }

    public String code() {
        return code;
    }
}
