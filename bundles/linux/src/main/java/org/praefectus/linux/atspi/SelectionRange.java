package org.praefectus.linux.atspi;

import org.freedesktop.dbus.Tuple;
import org.freedesktop.dbus.annotations.Position;

/** {@code org.a11y.atspi.Text.GetSelection} reply, two out arguments {@code ii}: start and end offsets. */
public final class SelectionRange extends Tuple {
    @Position(0)
    public final int start;

    @Position(1)
    public final int end;

    public SelectionRange(int start, int end) {
        this.start = start;
        this.end = end;
    }
}
