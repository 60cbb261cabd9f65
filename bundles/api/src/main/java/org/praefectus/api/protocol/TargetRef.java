package org.praefectus.api.protocol;

import static org.praefectus.api.protocol.Checks.present;

/** What an action is aimed at; JSON tagged by {@code kind}. */
public sealed interface TargetRef {

    /** The wire {@code kind}. */
    String kind();

    /**
     * A point fenced by a coordinate observation: the snapshot and display geometry must still match.
     *
     * @param x                   horizontal desktop coordinate
     * @param y                   vertical desktop coordinate
     * @param displayId           the display the point lies on
     * @param displayGeometryHash the display topology at observation time
     * @param snapshotId          the coordinate observation's identity
     * @param snapshotContentHash the screen content hash at observation time
     */
    record Coordinates(
            long x, long y, String displayId, String displayGeometryHash, String snapshotId, String snapshotContentHash)
            implements TargetRef {
        public Coordinates {
            present(displayId, "display_id");
            present(displayGeometryHash, "display_geometry_hash");
            present(snapshotId, "snapshot_id");
            present(snapshotContentHash, "snapshot_content_hash");
        }

        @Override
        public String kind() {
            return "coordinates";
        }
    }

    /**
     * One element of a semantic observation.
     *
     * @param target the fenced element reference
     */
    record Element(SemanticTargetRef target) implements TargetRef {
        public Element {
            present(target, "target");
        }

        @Override
        public String kind() {
            return "element";
        }
    }

    /** No target: only auxiliary host-level actions may use it. */
    record None() implements TargetRef {
        @Override
        public String kind() {
            return "none";
        }
    }
}
