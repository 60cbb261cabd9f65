package org.praefectus.cdp;

import com.fasterxml.jackson.databind.JsonNode;
import org.praefectus.api.protocol.Rect;

/**
 * Where one frame's document lies in the page's visual viewport (CSS pixels): a point of the document is at
 * {@code (x + originX, y + originY)} of the viewport, and only the part of the viewport inside
 * {@code left, top, right, bottom} shows the frame (the viewport itself for the root frame, intersected with each
 * owner element's content box for a child frame).
 */
record FrameView(double originX, double originY, double left, double top, double right, double bottom) {

    /** The root frame: its document scrolled to the visual viewport's page offset, shown in the whole viewport. */
    static FrameView root(JsonNode viewport) {
        double width = viewport.path("clientWidth").asDouble(0);
        double height = viewport.path("clientHeight").asDouble(0);
        if (!(width > 0 && height > 0)) {
            throw new IllegalArgumentException("no viewport");
        }
        return new FrameView(
                -viewport.path("pageX").asDouble(0), -viewport.path("pageY").asDouble(0), 0, 0, width, height);
    }

    /**
     * A child frame whose owner element's content box is {@code content} (viewport coordinates: left, top, right,
     * bottom, as {@code DOM.getBoxModel} reports it) and whose document is scrolled by {@code scrollX, scrollY}.
     */
    FrameView child(double[] content, double scrollX, double scrollY) {
        return new FrameView(
                content[0] - scrollX,
                content[1] - scrollY,
                Math.max(left, content[0]),
                Math.max(top, content[1]),
                Math.min(right, content[2]),
                Math.min(bottom, content[3]));
    }

    /** Whether the centre of a document rectangle (left, top, right, bottom) shows in this frame's part. */
    boolean containsCentre(double[] rect) {
        double x = (rect[0] + rect[2]) / 2 + originX;
        double y = (rect[1] + rect[3]) / 2 + originY;
        return x >= left && y >= top && x < right && y < bottom;
    }

    /** The box relative to the viewport, rounded outward; {@code null} without area. */
    Rect rect(FrameLayout.Box box) {
        if (box == null || !box.hasArea()) {
            return null;
        }
        long l = (long) Math.floor(box.x() + originX);
        long t = (long) Math.floor(box.y() + originY);
        long r = (long) Math.ceil(box.x() + box.width() + originX);
        long b = (long) Math.ceil(box.y() + box.height() + originY);
        return r > l && b > t ? new Rect(l, t, r - l, b - t) : null;
    }
}
