package org.praefectus.bridge.paths;

/** A path the bridge must not touch; reported as the contract's {@code permission_error}. */
public final class PermissionException extends Exception {
    private static final long serialVersionUID = 1L;

    public PermissionException(String message) {
        super(message);
    }
}
