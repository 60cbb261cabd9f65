/**
 * Byte-exact JSON for protocol v2: a JSON tree, a strict parser that rejects what the reference rejects
 * (and duplicate keys), and the canonical writer whose bytes are hashed and signed. Nothing here knows
 * the protocol types; {@code org.praefectus.api.protocol} maps its records onto these trees. {@link
 * org.praefectus.api.canonical.HashMemo} keeps hashes an executor computes again and again.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.2.0")
package org.praefectus.api.canonical;
