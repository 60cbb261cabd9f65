package org.praefectus.engine.authority;

import org.praefectus.api.host.PinnedIssuer;

/**
 * The identifier rule for issuers, key ids and policy generations, the same as the Rust reference's
 * {@code valid_identifier}: 1 to 256 characters, each an ASCII letter, an ASCII digit, {@code -},
 * {@code _} or {@code :}.
 *
 * <p>The reference applies it both when a keyring is built and to every grant before lookup, so an
 * identifier that fails here can never name a pinned key. Note that {@code .} is not allowed, so a
 * DNS-style issuer such as {@code host.example} is refused.
 */
public final class AuthorityIdentifier {
    /** The longest identifier, in characters (all of them ASCII, so also in bytes). */
    public static final int MAX_LENGTH = 256;

    private AuthorityIdentifier() {}

    /** Whether {@code value} satisfies the rule; {@code false} for null. */
    public static boolean isValid(String value) {
        return PinnedIssuer.isIdentifier(value);
    }

    /** Returns {@code value} when valid, otherwise throws {@link AuthorityError#INVALID_IDENTIFIER}. */
    public static String require(String value) throws AuthorityException {
        if (!isValid(value)) {
            throw new AuthorityException(AuthorityError.INVALID_IDENTIFIER);
        }
        return value;
    }
}
