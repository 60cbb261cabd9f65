/**
 * Authority verification: host-pinned Ed25519 issuer keys and a verifier as strict as ed25519-dalek's
 * {@code verify_strict}.
 *
 * <p>Private to the engine bundle (no {@code @Export}): other bundles reach authority only through the
 * {@code AuthorityVerifier} service of the api bundle, which a thin component will implement on top of
 * {@link org.praefectus.engine.authority.PinnedKeyring}.
 */
package org.praefectus.engine.authority;
