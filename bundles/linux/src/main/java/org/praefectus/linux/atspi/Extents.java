package org.praefectus.linux.atspi;

import org.freedesktop.dbus.Struct;
import org.freedesktop.dbus.annotations.Position;

/** {@code org.a11y.atspi.Component.GetExtents} reply {@code (iiii)}: x, y, width, height. */
public final class Extents extends Struct {
    @Position(0)
    public final int x;

    @Position(1)
    public final int y;

    @Position(2)
    public final int width;

    @Position(3)
    public final int height;

    public Extents(int x, int y, int width, int height) {
        this.x = x;
        this.y = y;
        this.width = width;
        this.height = height;
    }

    /** The reply body {@code ((iiii))}. */
    static Extents of(Object[] body) {
        Object[] box = ReplyBody.struct(body[0]);
        return new Extents((Integer) box[0], (Integer) box[1], (Integer) box[2], (Integer) box[3]);
    }
}
