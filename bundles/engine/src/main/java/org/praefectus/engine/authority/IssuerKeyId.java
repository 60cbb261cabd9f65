package org.praefectus.engine.authority;

/**
 * The (issuer, key id) pair that names one pinned key, as a grant's {@code issuer} and {@code key_id}
 * fields do. Both parts satisfy {@link AuthorityIdentifier}.
 */
public record IssuerKeyId(String issuer, String keyId) {
    /** Rejects invalid parts; use {@link #of} where the parts come from outside. */
    public IssuerKeyId {
        if (!AuthorityIdentifier.isValid(issuer) || !AuthorityIdentifier.isValid(keyId)) {
            throw new IllegalArgumentException(AuthorityError.INVALID_IDENTIFIER.code());
        }
    }

    /** Validates with a typed error instead of an unchecked one. */
    public static IssuerKeyId of(String issuer, String keyId) throws AuthorityException {
        return new IssuerKeyId(AuthorityIdentifier.require(issuer), AuthorityIdentifier.require(keyId));
    }
}
