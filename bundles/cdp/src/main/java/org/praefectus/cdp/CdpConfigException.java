package org.praefectus.cdp;

/** A {@link CdpConfig} that cannot be built, or a connection its configuration refuses; a fixed message. */
public final class CdpConfigException extends Exception {

    private static final long serialVersionUID = 1L;

    /** @param message a fixed text without endpoint, page or process content */
    public CdpConfigException(String message) {
        super(message, null, false, false);
    }
}
