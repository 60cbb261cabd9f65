package org.praefectus.engine.authority;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/**
 * Configuration of authority verification (ConfigAdmin PID {@value #PID}): the issuer keys the host
 * pins. The engine trusts a grant only when its signature verifies against one of these keys.
 */
@ObjectClassDefinition(
        id = AuthorityConfig.PID,
        name = "Praefectus authority",
        description = "Host-pinned Ed25519 issuer keys that authority grants must be signed with.")
public @interface AuthorityConfig {
    /** The configuration PID. */
    String PID = "org.praefectus.engine.authority";

    /**
     * The pinned keys, one entry each: {@code issuer:key_id:policy_generation:hex_public_key}, for
     * example {@code host:key-2026-11:policy-3:d75a98…511a}. Issuer, key id and policy generation follow
     * {@link AuthorityIdentifier} and may not contain {@code :} here; the key is 64 hex characters of a
     * canonical, prime-order Ed25519 public key. Two entries with the same issuer and key id, or any
     * invalid entry, make the whole configuration invalid. Default: no keys, so every grant is refused.
     */
    @AttributeDefinition(
            name = "Pinned keys",
            description = "issuer:key_id:policy_generation:hex_public_key, one per entry. "
                    + "Default: none (every grant is refused).")
    String[] keys() default {};
}
