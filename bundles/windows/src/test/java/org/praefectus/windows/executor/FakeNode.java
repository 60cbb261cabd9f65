package org.praefectus.windows.executor;

import java.util.ArrayList;
import java.util.List;
import org.praefectus.api.protocol.Rect;
import org.praefectus.windows.uia.UiaElement;
import org.praefectus.windows.uia.UiaNode;

/** One fixture UIA element, mutable, turned into the {@link UiaNode} a cache request would return. */
final class FakeNode implements UiaElement {

    final FakeProcess process;
    String runtimeId;
    int controlType;
    String name;
    String automationId;
    String className;
    Rect bounds;
    boolean enabled = true;
    boolean offscreen;
    boolean invokable;
    boolean valuePattern;
    boolean valueReadOnly;
    String value;
    boolean scrollPattern;
    boolean scrollVertical;
    boolean scrollHorizontal;
    boolean password;
    Boolean toggled;
    boolean selected;
    final List<FakeNode> children = new ArrayList<>();

    FakeNode(FakeProcess process) {
        this.process = process;
    }

    UiaNode node(int[] budget, boolean withChildren) {
        budget[0]--;
        List<UiaNode> nodes = new ArrayList<>();
        if (withChildren) {
            for (FakeNode child : children) {
                if (budget[0] <= 0) {
                    break;
                }
                nodes.add(child.node(budget, true));
            }
        }
        return new UiaNode(
                this,
                runtimeId,
                controlType,
                name,
                automationId,
                className,
                bounds,
                enabled,
                offscreen,
                process.focused == this,
                invokable,
                valuePattern,
                valueReadOnly,
                scrollPattern,
                scrollVertical,
                scrollHorizontal,
                password,
                toggled,
                selected,
                nodes);
    }

    FakeNode find(String name) {
        if (name.equals(this.name)) {
            return this;
        }
        for (FakeNode child : children) {
            FakeNode found = child.find(name);
            if (found != null) {
                return found;
            }
        }
        return null;
    }

    @Override
    public String toString() {
        return "FakeNode[" + runtimeId + " " + name + "]";
    }
}
