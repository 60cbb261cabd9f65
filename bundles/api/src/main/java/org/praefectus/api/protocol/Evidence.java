package org.praefectus.api.protocol;

import static org.praefectus.api.protocol.Checks.present;

/**
 * Hashes of what was observed before or after dispatch; never content.
 *
 * @param observationHash       hash of the observation
 * @param targetFingerprintHash fingerprint of the target element, or {@code null}
 * @param displayGeometryHash   the display topology
 * @param observedAtMs          when, milliseconds since the epoch
 */
public record Evidence(
        String observationHash, String targetFingerprintHash, String displayGeometryHash, long observedAtMs) {
    public Evidence {
        present(observationHash, "observation_hash");
        present(displayGeometryHash, "display_geometry_hash");
    }
}
