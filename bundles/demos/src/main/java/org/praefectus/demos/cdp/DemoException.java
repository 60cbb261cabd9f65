package org.praefectus.demos.cdp;

/** A demo step that failed, with a snake_case code and a fixed message that carries no page content. */
final class DemoException extends Exception {

    private static final long serialVersionUID = 1L;

    private final String code;

    DemoException(String code, String message) {
        super(message, null, false, false);
        this.code = code;
    }

    String code() {
        return code;
    }
}
