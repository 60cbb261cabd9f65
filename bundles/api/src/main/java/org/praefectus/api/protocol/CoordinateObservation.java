package org.praefectus.api.protocol;

import static org.praefectus.api.protocol.Checks.present;

import java.util.List;

/**
 * The record that fences coordinate targets: a coordinate target is valid only while the snapshot, its
 * content hash and the display geometry still match and the record is at most
 * {@link #MAX_AGE_MS} old.
 *
 * @param protocolVersion     protocol version, 2
 * @param snapshotId          the snapshot identity
 * @param displayGeometryHash the display topology
 * @param snapshotContentHash the screen content hash
 * @param observedAtMs        when, milliseconds since the epoch
 * @param displays            the displays
 */
public record CoordinateObservation(
        int protocolVersion,
        String snapshotId,
        String displayGeometryHash,
        String snapshotContentHash,
        long observedAtMs,
        List<DisplayGeometry> displays) {

    /** The oldest coordinate observation a target may use, in milliseconds. */
    public static final long MAX_AGE_MS = 30_000;

    public CoordinateObservation {
        Checks.u16(protocolVersion, "protocol_version");
        present(snapshotId, "snapshot_id");
        present(displayGeometryHash, "display_geometry_hash");
        present(snapshotContentHash, "snapshot_content_hash");
        displays = Checks.list(displays, "displays");
    }
}
