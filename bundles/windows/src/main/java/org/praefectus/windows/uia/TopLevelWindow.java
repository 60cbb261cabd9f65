package org.praefectus.windows.uia;

import org.praefectus.api.protocol.Rect;

/**
 * One visible top-level window of the current desktop ({@code EnumWindows}), in Z order, front first.
 *
 * @param handle    the {@code HWND}
 * @param processId {@code GetWindowThreadProcessId}
 * @param bounds    {@code GetWindowRect}, physical pixels
 * @param className {@code GetClassName}
 * @param title     {@code GetWindowText}, or {@code null}
 * @param minimized {@code IsIconic}: still visible to Windows, but parked off screen and showing nothing
 */
public record TopLevelWindow(
        long handle, long processId, Rect bounds, String className, String title, boolean minimized) {}
