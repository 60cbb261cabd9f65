/**
 * Protocol v2 value types, serialized exactly as the reference implementation does: snake_case fields,
 * snake_case enum values, unknown fields rejected.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.0.0")
package org.praefectus.api.protocol;
