package org.praefectus.api.protocol;

import static org.praefectus.api.protocol.Checks.present;

/**
 * A bounded description of one native surface that a host may select for observation.
 *
 * @param protocolVersion     protocol version, 2
 * @param surface             the opaque reference
 * @param backend             the backend that listed it
 * @param processId           owning process (u32)
 * @param processGeneration   owning process generation, so a reused PID does not match
 * @param windowId            window identity
 * @param displayGeometryHash the display topology
 * @param bounds              window bounds, or {@code null}
 */
public record SurfaceDescriptor(
        int protocolVersion,
        SurfaceRef surface,
        String backend,
        long processId,
        String processGeneration,
        String windowId,
        String displayGeometryHash,
        Rect bounds) {
    public SurfaceDescriptor {
        Checks.u16(protocolVersion, "protocol_version");
        present(surface, "surface");
        present(backend, "backend");
        Checks.u32(processId, "process_id");
        present(processGeneration, "process_generation");
        present(windowId, "window_id");
        present(displayGeometryHash, "display_geometry_hash");
    }
}
