package org.praefectus.macos.executor;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import org.praefectus.api.protocol.Rect;
import org.praefectus.macos.ax.AxApi;
import org.praefectus.macos.ax.AxElement;
import org.praefectus.macos.ax.AxValue;
import org.praefectus.macos.quartz.Display;
import org.praefectus.macos.quartz.InputEvent;
import org.praefectus.macos.quartz.QuartzApi;
import org.praefectus.macos.quartz.ScreenImage;
import org.praefectus.macos.quartz.WindowInfo;

/**
 * Both native boundaries over fixture applications, front to back, with a log of every effect: what a real
 * Mac would have received. Tests assert on the log, so "no effect" is checked, not assumed.
 */
class FakeDesktop implements AxApi, QuartzApi {

    /** One effect that reached an application or the desktop. */
    record Effect(String kind, long processId, Object detail) {}

    final List<FakeApp> apps = new ArrayList<>();
    final List<Display> displays = new ArrayList<>(List.of(new Display(1, 0, 0, 1440, 900, 2880, 1800)));
    final List<Effect> effects = new ArrayList<>();
    final Map<Long, byte[]> screens = new HashMap<>();
    final FakeElement systemWide = new FakeElement(new FakeApp(0, "system", 0));
    boolean trusted = true;
    boolean screenRecording = true;
    boolean imagesServed = true;
    double[] pointer = {100, 100};
    /** Runs at each action or value change (to move the desktop while an action is delivered). */
    Runnable onEffect = () -> {};

    FakeApp front() {
        return apps.get(0);
    }

    /** Effects of one kind. */
    List<Effect> effects(String kind) {
        return effects.stream().filter(e -> e.kind().equals(kind)).toList();
    }

    private void record(String kind, long pid, Object detail) {
        effects.add(new Effect(kind, pid, detail));
        onEffect.run();
    }

    // ---- AxApi ----

    @Override
    public boolean trusted() {
        return trusted;
    }

    @Override
    public AxElement application(long processId) {
        for (FakeApp app : apps) {
            if (app.pid == processId) {
                return app.element;
            }
        }
        return new FakeElement(new FakeApp(processId, "gone", 0));
    }

    @Override
    public AxElement systemWide() {
        return systemWide;
    }

    /**
     * After this many attribute messages the user withdraws the Accessibility permission (System Settings),
     * as can happen mid-walk: from then on {@code trusted()} is false and every read fails, as AX answers
     * {@code kAXErrorAPIDisabled}. Negative: never.
     */
    int withdrawTrustAfterMessages = -1;

    @Override
    public AxValue attribute(AxElement element, String attribute) {
        attributeMessages++;
        if (withdrawTrustAfterMessages >= 0 && attributeMessages > withdrawTrustAfterMessages) {
            trusted = false;
        }
        if (!trusted) {
            return AxValue.Missing.INSTANCE;
        }
        FakeElement e = (FakeElement) element;
        if (e == systemWide) {
            FakeApp front = front();
            return switch (attribute) {
                case "AXFocusedApplication" -> new AxValue.Element(front.element);
                case "AXFocusedUIElement" ->
                    front.focused == null ? AxValue.Missing.INSTANCE : new AxValue.Element(front.focused);
                default -> AxValue.Missing.INSTANCE;
            };
        }
        if (e == e.app.element) {
            if ("AXWindows".equals(attribute)) {
                return new AxValue.Elements(List.copyOf(e.app.windows));
            }
            if ("AXFocusedWindow".equals(attribute) && !e.app.windows.isEmpty()) {
                return new AxValue.Element(e.app.window());
            }
        }
        List<FakeElement> children = e.children(attribute);
        if (children != null) {
            return new AxValue.Elements(List.copyOf(children));
        }
        if ("AXFocused".equals(attribute)) {
            return new AxValue.Flag(e.app.focused == e);
        }
        return e.attributes.getOrDefault(attribute, AxValue.Missing.INSTANCE);
    }

    /** Messages the executor sent to applications for attributes (one per call, batched or not). */
    int attributeMessages;

    @Override
    public List<AxValue> attributes(AxElement element, List<String> attributes) {
        attributeMessages++;
        List<AxValue> values = new ArrayList<>();
        for (String attribute : attributes) {
            values.add(attribute(element, attribute));
            attributeMessages--;
        }
        return values;
    }

    @Override
    public long count(AxElement element, String attribute) {
        if (!trusted) {
            return -1;
        }
        List<FakeElement> children = ((FakeElement) element).children(attribute);
        return children == null ? -1 : children.size();
    }

    @Override
    public boolean settable(AxElement element, String attribute) {
        return ((FakeElement) element).settable.contains(attribute);
    }

    @Override
    public List<String> actions(AxElement element) {
        if (!trusted) {
            return List.of();
        }
        return List.copyOf(((FakeElement) element).actions);
    }

    @Override
    public int setText(AxElement element, String attribute, String value) {
        FakeElement e = (FakeElement) element;
        if (!e.settable.contains(attribute)) {
            return ATTRIBUTE_UNSUPPORTED;
        }
        record("set_text", e.app.pid, attribute);
        if (e.app.performResult != SUCCESS) {
            return e.app.performResult;
        }
        if (!e.app.ignoresChanges) {
            e.attributes.put(attribute, new AxValue.Text(value));
        }
        return SUCCESS;
    }

    @Override
    public int setFlag(AxElement element, String attribute, boolean value) {
        FakeElement e = (FakeElement) element;
        if (e == e.app.element && HostOptIns.KNOWN.contains(attribute)) {
            record("opt_in", e.app.pid, attribute);
            if (!e.app.acceptsOptIns.contains(attribute)) {
                return ATTRIBUTE_UNSUPPORTED;
            }
            e.app.optIns.add(attribute);
            return SUCCESS;
        }
        record("set_flag", e.app.pid, attribute);
        e.attributes.put(attribute, new AxValue.Flag(value));
        return SUCCESS;
    }

    @Override
    public int setRange(AxElement element, String attribute, long location, long length) {
        FakeElement e = (FakeElement) element;
        if (!e.settable.contains(attribute)) {
            return ATTRIBUTE_UNSUPPORTED;
        }
        record("set_range", e.app.pid, attribute);
        if (!e.app.ignoresChanges) {
            e.attributes.put(attribute, new AxValue.Range(location, length));
        }
        return SUCCESS;
    }

    @Override
    public int perform(AxElement element, String action) {
        FakeElement e = (FakeElement) element;
        record("perform", e.app.pid, action + " " + e.role() + " " + e.title());
        if (!e.actions.contains(action)) {
            return ACTION_UNSUPPORTED;
        }
        return e.app.performResult;
    }

    @Override
    public long processId(AxElement element) {
        return ((FakeElement) element).app.pid;
    }

    @Override
    public AxElement elementAt(double x, double y) {
        for (FakeApp app : apps) {
            for (FakeElement window : app.windows) {
                Rect frame = window.frame();
                if (frame != null && contains(frame, x, y)) {
                    return deepest(window, x, y);
                }
            }
        }
        return null;
    }

    private FakeElement deepest(FakeElement element, double x, double y) {
        for (String axis : AxTraversal.AXES) {
            List<FakeElement> children = element.children(axis);
            if (children != null && !children.isEmpty()) {
                for (FakeElement child : children) {
                    Rect frame = child.frame();
                    if (frame != null && contains(frame, x, y)) {
                        return deepest(child, x, y);
                    }
                }
                break;
            }
        }
        return element;
    }

    private static boolean contains(Rect r, double x, double y) {
        return x >= r.x() && y >= r.y() && x < r.x() + r.width() && y < r.y() + r.height();
    }

    @Override
    public boolean same(AxElement a, AxElement b) {
        return a == b;
    }

    // ---- QuartzApi ----

    @Override
    public boolean screenRecording() {
        return screenRecording;
    }

    @Override
    public List<Display> displays() {
        return List.copyOf(displays);
    }

    @Override
    public List<WindowInfo> windows() {
        List<WindowInfo> windows = new ArrayList<>();
        for (FakeApp app : apps) {
            for (int i = 0; i < app.windows.size(); i++) {
                FakeElement window = app.windows.get(i);
                windows.add(
                        new WindowInfo(app.windowNumbers.get(i), app.pid, 0, window.frame(), app.name, window.title()));
            }
        }
        return windows;
    }

    @Override
    public double[] pointer() {
        return pointer.clone();
    }

    @Override
    public OptionalLong processStartMicros(long processId) {
        for (FakeApp app : apps) {
            if (app.pid == processId && app.startMicros > 0) {
                return OptionalLong.of(app.startMicros);
            }
        }
        return OptionalLong.empty();
    }

    @Override
    public int postToProcess(long processId, List<InputEvent> events) {
        for (InputEvent event : events) {
            record("post_to_pid", processId, event);
        }
        return events.size();
    }

    @Override
    public int postGlobal(List<InputEvent> events) {
        for (InputEvent event : events) {
            record("post_global", 0, event);
        }
        return events.size();
    }

    @Override
    public boolean displayImagesServed() {
        return imagesServed;
    }

    @Override
    public Optional<ScreenImage> captureDisplay(long displayId) {
        for (Display display : displays) {
            if (display.displayId() == displayId) {
                int width = (int) display.pixelWidth() / 40;
                int height = (int) display.pixelHeight() / 40;
                byte[] pixels = screens.computeIfAbsent(displayId, id -> new byte[(4 * width + 16) * height]);
                return Optional.of(new ScreenImage(displayId, width, height, 4 * width + 16, pixels));
            }
        }
        return Optional.empty();
    }
}
