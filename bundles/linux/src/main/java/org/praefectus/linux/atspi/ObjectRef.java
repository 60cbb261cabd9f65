package org.praefectus.linux.atspi;

import org.freedesktop.dbus.DBusPath;
import org.freedesktop.dbus.Struct;
import org.freedesktop.dbus.annotations.Position;

/** The AT-SPI object reference {@code (so)}: the owning connection's unique bus name and the object path. */
public final class ObjectRef extends Struct {
    @Position(0)
    public final String busName;

    @Position(1)
    public final DBusPath path;

    public ObjectRef(String busName, DBusPath path) {
        this.busName = busName;
        this.path = path;
    }

    /** The struct {@code (so)} as dbus-java extracts it. */
    static ObjectRef of(Object struct) {
        Object[] members = ReplyBody.struct(struct);
        return new ObjectRef((String) members[0], (DBusPath) members[1]);
    }

    /** A reply body that is one {@code (so)}. */
    static ObjectRef ofBody(Object[] body) {
        return of(body[0]);
    }

    /** The reference as a plain value. */
    public AtspiObject toObject() {
        return new AtspiObject(busName, path.getPath());
    }
}
