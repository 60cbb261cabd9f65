package org.praefectus.macos.executor;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/** One fixture application: its process, its windows (each with a Quartz window number) and its opt-ins. */
final class FakeApp {

    final long pid;
    final String name;
    final FakeElement element;
    final List<FakeElement> windows = new ArrayList<>();
    final List<Long> windowNumbers = new ArrayList<>();
    /** The opt-in attributes this application accepts (Chromium: AXEnhancedUserInterface, Electron: AXManualAccessibility). */
    final Set<String> acceptsOptIns = new TreeSet<>();
    /** The opt-ins set on it. */
    final Set<String> optIns = new TreeSet<>();
    /** The AXError every action answers (success by default). */
    int performResult = 0;
    /** When true, value and selection changes answer success but change nothing (an application that ignores them). */
    boolean ignoresChanges;

    FakeElement focused;
    long startMicros;

    FakeApp(long pid, String name, long startMicros) {
        this.pid = pid;
        this.name = name;
        this.startMicros = startMicros;
        this.element = new FakeElement(this);
        element.attributes.put("AXRole", new org.praefectus.macos.ax.AxValue.Text("AXApplication"));
        element.attributes.put("AXTitle", new org.praefectus.macos.ax.AxValue.Text(name));
    }

    FakeElement window() {
        return windows.get(0);
    }
}
