/**
 * Protocol v2 value types, serialized exactly as the reference implementation does: snake_case fields,
 * snake_case enum values, {@code kind}-tagged families, unknown fields rejected. {@link
 * org.praefectus.api.protocol.ProtocolJson} parses and writes them strictly, {@link
 * org.praefectus.api.protocol.ProtocolHashes} computes the action hash and the signed grant bytes, and
 * {@link org.praefectus.api.protocol.RequestValidation} applies the request rules an engine enforces.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("2.1.0")
package org.praefectus.api.protocol;
