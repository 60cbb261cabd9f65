package org.praefectus.macos.quartz;

import org.praefectus.api.protocol.Rect;

/**
 * One on-screen window from {@code CGWindowListCopyWindowInfo}, front to back.
 *
 * @param number    {@code kCGWindowNumber}
 * @param processId {@code kCGWindowOwnerPID}
 * @param layer     {@code kCGWindowLayer}; 0 is the normal application layer
 * @param bounds    {@code kCGWindowBounds}, in global points
 * @param ownerName {@code kCGWindowOwnerName}, or {@code null}
 * @param title     {@code kCGWindowName}, or {@code null} (macOS withholds it without Screen Recording)
 */
public record WindowInfo(long number, long processId, long layer, Rect bounds, String ownerName, String title) {}
