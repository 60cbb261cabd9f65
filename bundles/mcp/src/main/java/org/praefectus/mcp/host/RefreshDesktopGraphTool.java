package org.praefectus.mcp.host;

/**
 * {@code refresh_desktop_graph} (PeekabooX, memory_write): the same sample as {@code ingest_desktop_snapshot}, named
 * for what an agent means after an invalidation.
 */
final class RefreshDesktopGraphTool {

    private RefreshDesktopGraphTool() {}

    static Tool of(HostServices services) {
        return new IngestDesktopSnapshotTool(services, "refresh_desktop_graph");
    }
}
