package org.praefectus.windows.executor;

import java.util.ArrayList;
import java.util.List;
import org.praefectus.api.protocol.Rect;

/** One fixture process with its top-level windows (HWND, class, title, bounds, UIA tree). */
final class FakeProcess {

    /** One top-level window. */
    static final class Window {
        long handle;
        String className;
        String title;
        Rect bounds;
        boolean visible = true;
        boolean minimized;
        FakeNode root;
    }

    final long pid;
    long creationTime;
    final List<Window> windows = new ArrayList<>();
    FakeNode focused;
    int patternResult = 0;
    boolean ignoresValues;
    boolean refusesFocus;

    FakeProcess(long pid, long creationTime) {
        this.pid = pid;
        this.creationTime = creationTime;
    }

    Window window() {
        return windows.get(0);
    }
}
