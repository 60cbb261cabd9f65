package org.praefectus.linux.atspi;

import java.util.List;
import org.freedesktop.dbus.Struct;
import org.freedesktop.dbus.annotations.Position;
import org.freedesktop.dbus.types.UInt32;

/**
 * One item of {@code org.a11y.atspi.Cache.GetItems}, signature {@code ((so)(so)(so)iiassusau)}: the object,
 * its application, its parent, its index in the parent, its child count, its interfaces, name, role,
 * description and state bits. The toolkit computes every item live when the call is answered.
 */
public final class CacheItem extends Struct {
    @Position(0)
    public final ObjectRef object;

    @Position(1)
    public final ObjectRef application;

    @Position(2)
    public final ObjectRef parent;

    @Position(3)
    public final int indexInParent;

    @Position(4)
    public final int childCount;

    @Position(5)
    public final List<String> interfaces;

    @Position(6)
    public final String name;

    @Position(7)
    public final UInt32 role;

    @Position(8)
    public final String description;

    @Position(9)
    public final List<UInt32> states;

    public CacheItem(
            ObjectRef object,
            ObjectRef application,
            ObjectRef parent,
            int indexInParent,
            int childCount,
            List<String> interfaces,
            String name,
            UInt32 role,
            String description,
            List<UInt32> states) {
        this.object = object;
        this.application = application;
        this.parent = parent;
        this.indexInParent = indexInParent;
        this.childCount = childCount;
        this.interfaces = interfaces;
        this.name = name;
        this.role = role;
        this.description = description;
        this.states = states;
    }
}
