package org.praefectus.linux.atspi;

import java.util.ArrayList;
import java.util.List;
import org.freedesktop.dbus.Struct;
import org.freedesktop.dbus.annotations.Position;

/** One entry of {@code org.a11y.atspi.Action.GetActions} {@code (sss)}: name, description, key binding. */
public final class ActionInfo extends Struct {
    @Position(0)
    public final String name;

    @Position(1)
    public final String description;

    @Position(2)
    public final String keyBinding;

    public ActionInfo(String name, String description, String keyBinding) {
        this.name = name;
        this.description = description;
        this.keyBinding = keyBinding;
    }

    /** The reply body {@code (a(sss))}. */
    static List<ActionInfo> listOf(Object[] body) {
        List<?> entries = ReplyBody.array(body[0]);
        List<ActionInfo> actions = new ArrayList<>(entries.size());
        for (Object entry : entries) {
            Object[] members = ReplyBody.struct(entry);
            actions.add(new ActionInfo((String) members[0], (String) members[1], (String) members[2]));
        }
        return actions;
    }
}
