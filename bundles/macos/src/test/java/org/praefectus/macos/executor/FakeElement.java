package org.praefectus.macos.executor;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.praefectus.api.protocol.Rect;
import org.praefectus.macos.ax.AxElement;
import org.praefectus.macos.ax.AxValue;

/** One element of a fixture tree: attributes, settable attributes, actions and child axes, all mutable. */
final class FakeElement implements AxElement {

    final FakeApp app;
    final Map<String, AxValue> attributes = new HashMap<>();
    final Map<String, List<FakeElement>> axes = new LinkedHashMap<>();
    final Set<String> settable = new TreeSet<>();
    final List<String> actions = new ArrayList<>();
    /** {@code AXChildren} once the application accepted an opt-in (Chromium, Electron), or {@code null}. */
    List<FakeElement> optedInChildren;

    FakeElement(FakeApp app) {
        this.app = app;
    }

    String role() {
        return attributes.getOrDefault("AXRole", AxValue.Missing.INSTANCE).text();
    }

    String title() {
        return attributes.getOrDefault("AXTitle", AxValue.Missing.INSTANCE).text();
    }

    Rect frame() {
        if (attributes.get("AXPosition") instanceof AxValue.Point p
                && attributes.get("AXSize") instanceof AxValue.Size s) {
            return new Rect((long) p.x(), (long) p.y(), (long) s.width(), (long) s.height());
        }
        return null;
    }

    void frame(long x, long y, long width, long height) {
        attributes.put("AXPosition", new AxValue.Point(x, y));
        attributes.put("AXSize", new AxValue.Size(width, height));
    }

    /** The children the traversal would read first: opted-in children when they apply. */
    List<FakeElement> children(String axis) {
        if ("AXChildren".equals(axis) && optedInChildren != null && !app.optIns.isEmpty()) {
            return optedInChildren;
        }
        return axes.get(axis);
    }

    /** The first element below (or at) this one with that role and, when given, that title. */
    FakeElement find(String role, String title) {
        if (role.equals(role()) && (title == null || title.equals(title()))) {
            return this;
        }
        for (String axis : AxTraversal.AXES) {
            List<FakeElement> children = children(axis);
            if (children != null) {
                for (FakeElement child : children) {
                    FakeElement found = child.find(role, title);
                    if (found != null) {
                        return found;
                    }
                }
            }
        }
        return null;
    }

    @Override
    public String toString() {
        return "FakeElement[" + role() + " " + title() + "]";
    }
}
