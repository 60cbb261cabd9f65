package org.praefectus.macos.executor;

import java.util.ArrayList;
import java.util.List;
import org.praefectus.api.canonical.CanonicalJson;
import org.praefectus.api.canonical.JsonValue;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.executor.ExecutorFailure;
import org.praefectus.api.protocol.Protocol;
import org.praefectus.api.protocol.SurfaceDescriptor;
import org.praefectus.api.protocol.SurfaceRef;
import org.praefectus.macos.ax.AxApi;
import org.praefectus.macos.ax.AxElement;
import org.praefectus.macos.ax.AxValue;
import org.praefectus.macos.quartz.WindowInfo;

/**
 * One application window: its Quartz window (number, owner, bounds) and its owner's generation. The public
 * AX API has no window number, so the AX window is found again by matching the Quartz bounds (and the title
 * when Quartz reveals it) among the application's {@code AXWindows}; anything but exactly one match is refused.
 *
 * @param info              the Quartz window
 * @param processGeneration the owner's generation
 */
record MacWindow(WindowInfo info, String processGeneration) {

    /** The window identity: SHA-256 of {@code ["macos-window", pid, generation, window number]}. */
    String windowId() {
        return CanonicalJson.hash(new JsonValue.JsonArray(List.of(
                new JsonValue.JsonString("macos-window"),
                JsonValue.JsonNumber.of(info.processId()),
                new JsonValue.JsonString(processGeneration),
                JsonValue.JsonNumber.of(info.number()))));
    }

    /** The opaque surface reference: SHA-256 over backend, process, generation, window and display geometry. */
    SurfaceDescriptor descriptor(String geometryHash) {
        String id = CanonicalJson.hash(new JsonValue.JsonArray(List.of(
                new JsonValue.JsonString(MacExecutor.BACKEND_NAME),
                JsonValue.JsonNumber.of(info.processId()),
                new JsonValue.JsonString(processGeneration),
                new JsonValue.JsonString(windowId()),
                new JsonValue.JsonString(geometryHash))));
        return new SurfaceDescriptor(
                Protocol.PROTOCOL_VERSION,
                new SurfaceRef(id),
                MacExecutor.BACKEND_NAME,
                info.processId(),
                processGeneration,
                windowId(),
                geometryHash,
                info.bounds());
    }

    /** The application windows (layer 0, positive area), front to back. */
    static List<WindowInfo> applicationWindows(List<WindowInfo> windows) {
        List<WindowInfo> kept = new ArrayList<>();
        for (WindowInfo window : windows) {
            if (window.layer() == 0
                    && window.processId() > 0
                    && window.bounds() != null
                    && window.bounds().hasArea()) {
                kept.add(window);
            }
        }
        return kept;
    }

    /** The AX window of this Quartz window. */
    AxElement axWindow(AxApi ax, AxElement application) throws ExecutorException {
        AxElement match = null;
        if (ax.attribute(application, "AXWindows") instanceof AxValue.Elements windows) {
            for (AxElement window : windows.elements()) {
                if (!info.bounds().equals(ElementFacts.bounds(ax, window))) {
                    continue;
                }
                if (info.title() != null
                        && !info.title().equals(ax.attribute(window, "AXTitle").text())) {
                    continue;
                }
                if (match != null) {
                    throw new ExecutorException(ExecutorFailure.STALE_TARGET, "accessibility window is ambiguous");
                }
                match = window;
            }
        }
        if (match == null) {
            throw new ExecutorException(ExecutorFailure.TARGET_NOT_FOUND, "accessibility window not found");
        }
        return match;
    }
}
