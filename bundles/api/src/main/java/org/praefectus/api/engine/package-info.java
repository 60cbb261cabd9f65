/**
 * The engine and the host-side contracts around it. {@link org.praefectus.api.engine.Engine} executes
 * signed protocol v2 requests at most once; a host supplies an {@link
 * org.praefectus.api.engine.AuthorityVerifier} (host-pinned keys) and may supply an {@link
 * org.praefectus.api.engine.OutcomeLedger} for its own durability. {@link
 * org.praefectus.api.engine.NullOutcomeLedger} and {@link org.praefectus.api.engine.MemoryOutcomeLedger}
 * are the reference ledgers.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.3.0")
package org.praefectus.api.engine;
