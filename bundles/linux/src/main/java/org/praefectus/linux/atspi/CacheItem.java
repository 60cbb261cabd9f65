package org.praefectus.linux.atspi;

import java.util.ArrayList;
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

    /** The reply body {@code (a((so)(so)(so)iiassusau))}. */
    @SuppressWarnings("unchecked") // the members of "as" and "au" are checked as they are read
    static List<CacheItem> listOf(Object[] body) {
        List<?> entries = ReplyBody.array(body[0]);
        List<CacheItem> items = new ArrayList<>(entries.size());
        for (Object entry : entries) {
            Object[] members = ReplyBody.struct(entry);
            items.add(new CacheItem(
                    ObjectRef.of(members[0]),
                    ObjectRef.of(members[1]),
                    ObjectRef.of(members[2]),
                    (Integer) members[3],
                    (Integer) members[4],
                    checked((List<Object>) ReplyBody.array(members[5]), String.class),
                    (String) members[6],
                    (UInt32) members[7],
                    (String) members[8],
                    checked((List<Object>) ReplyBody.array(members[9]), UInt32.class)));
        }
        return items;
    }

    /** The list, after checking that each member is of the type; fails with a ClassCastException otherwise. */
    @SuppressWarnings("unchecked") // every member was just checked
    private static <E> List<E> checked(List<Object> members, Class<E> type) {
        for (Object member : members) {
            if (!type.isInstance(member)) {
                throw new ClassCastException("a member of another type than " + type.getSimpleName());
            }
        }
        return (List<E>) (List<?>) members;
    }
}
