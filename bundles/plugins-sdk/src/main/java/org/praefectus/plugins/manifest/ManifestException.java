package org.praefectus.plugins.manifest;

/** A manifest that cannot be used, with a message that says what to fix. */
public final class ManifestException extends Exception {

    private static final long serialVersionUID = 1L;

    public ManifestException(String message) {
        super(message);
    }
}
