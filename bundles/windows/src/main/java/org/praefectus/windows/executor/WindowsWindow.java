package org.praefectus.windows.executor;

import java.util.List;
import org.praefectus.api.canonical.CanonicalJson;
import org.praefectus.api.canonical.JsonValue;
import org.praefectus.api.protocol.Protocol;
import org.praefectus.api.protocol.SurfaceDescriptor;
import org.praefectus.api.protocol.SurfaceRef;
import org.praefectus.windows.uia.TopLevelWindow;

/**
 * A top-level window and its owner's generation. Window identity: SHA-256 of
 * {@code ["windows-window", pid, generation, HWND, class]} — an HWND reused by another process never matches.
 */
record WindowsWindow(TopLevelWindow info, String processGeneration) {

    String windowId() {
        return CanonicalJson.hash(new JsonValue.JsonArray(List.of(
                new JsonValue.JsonString("windows-window"),
                JsonValue.JsonNumber.of(info.processId()),
                new JsonValue.JsonString(processGeneration),
                JsonValue.JsonNumber.of(info.handle()),
                info.className() == null ? JsonValue.NULL : new JsonValue.JsonString(info.className()))));
    }

    SurfaceDescriptor descriptor(String geometryHash) {
        String id = CanonicalJson.hash(new JsonValue.JsonArray(List.of(
                new JsonValue.JsonString(WindowsExecutor.BACKEND_NAME),
                JsonValue.JsonNumber.of(info.processId()),
                new JsonValue.JsonString(processGeneration),
                new JsonValue.JsonString(windowId()),
                new JsonValue.JsonString(geometryHash))));
        return new SurfaceDescriptor(
                Protocol.PROTOCOL_VERSION,
                new SurfaceRef(id),
                WindowsExecutor.BACKEND_NAME,
                info.processId(),
                processGeneration,
                windowId(),
                geometryHash,
                info.bounds());
    }
}
