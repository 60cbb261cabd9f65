package org.praefectus.linux.x11;

import org.praefectus.api.desktop.ProgramName;

/**
 * One top-level client window as the window manager lists it (EWMH {@code _NET_CLIENT_LIST}).
 *
 * @param id        the X window ID
 * @param title     {@code _NET_WM_NAME} (UTF-8), else {@code WM_NAME}; empty when it has none
 * @param instance  {@code WM_CLASS} instance name, or empty
 * @param className {@code WM_CLASS} class name, or empty
 * @param processId {@code _NET_WM_PID}, or 0
 * @param x         left edge on the root
 * @param y         top edge on the root
 * @param width     width
 * @param height    height
 * @param active    whether it is {@code _NET_ACTIVE_WINDOW}
 * @param state     {@code normal}, {@code minimized}, {@code maximized} or {@code fullscreen}
 *                  ({@code _NET_WM_STATE})
 */
public record ClientWindow(
        long id,
        String title,
        String instance,
        String className,
        long processId,
        int x,
        int y,
        int width,
        int height,
        boolean active,
        String state) {

    /**
     * The app ID {@code windows} reports and a signed {@code window} action names: the {@code WM_CLASS} instance,
     * else the program's whole name ({@link ProgramName}), or empty.
     */
    public String appId() {
        if (!instance.isEmpty()) {
            return instance;
        }
        String program = ProgramName.of(processId);
        return program == null ? "" : program;
    }

    @Override
    public String toString() {
        return "ClientWindow[id=" + id + ", redacted]";
    }
}
