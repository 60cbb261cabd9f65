package org.praefectus.linux.x11;

import org.praefectus.api.canonical.JsonValue;

/**
 * What a person at the X desktop could notice changing: the foreground window and its process, the
 * keyboard focus window and the pointer position. Sampled before and after each dispatch.
 *
 * @param foregroundWindow            {@code _NET_ACTIVE_WINDOW}
 * @param foregroundProcessId         its {@code _NET_WM_PID}
 * @param foregroundProcessGeneration that process's generation
 * @param keyboardFocus               the X input focus window
 * @param pointerX                    pointer position on the root
 * @param pointerY                    pointer position on the root
 */
public record DesktopSample(
        long foregroundWindow,
        long foregroundProcessId,
        String foregroundProcessGeneration,
        long keyboardFocus,
        int pointerX,
        int pointerY) {

    /** The sample as canonical-hashable JSON. */
    public JsonValue json() {
        return JsonValue.JsonObject.builder()
                .put("foreground_window", foregroundWindow)
                .put("foreground_process_id", foregroundProcessId)
                .put("foreground_process_generation", foregroundProcessGeneration)
                .put("keyboard_focus", keyboardFocus)
                .put("pointer_x", pointerX)
                .put("pointer_y", pointerY)
                .build();
    }
}
