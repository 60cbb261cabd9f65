package org.praefectus.linux.atspi;

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
}
