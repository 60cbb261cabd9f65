package org.praefectus.plugins.trust;

/** A trust policy file that cannot be read or is malformed. Nothing is trusted through it. */
public final class TrustPolicyException extends Exception {

    private static final long serialVersionUID = 1L;

    public TrustPolicyException(String message) {
        super(message);
    }
}
