package org.praefectus.windows.executor;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.praefectus.windows.uia.ClipboardResult;
import org.praefectus.windows.uia.Monitor;
import org.praefectus.windows.uia.ScreenImage;
import org.praefectus.windows.uia.TopLevelWindow;
import org.praefectus.windows.uia.UiaApi;
import org.praefectus.windows.uia.UiaElement;
import org.praefectus.windows.uia.UiaNode;
import org.praefectus.windows.uia.WinInput;

/** The UIA and Win32 boundary over fixture processes, front to back, logging every effect. */
class FakeWindows implements UiaApi {

    /** One effect that reached an application or the desktop. */
    record Effect(String kind, Object detail) {}

    final List<FakeProcess> processes = new ArrayList<>();
    final List<Monitor> monitors = new ArrayList<>(List.of(new Monitor("\\\\.\\DISPLAY1", 0, 0, 2560, 1440, 144)));
    final List<Effect> effects = new ArrayList<>();
    boolean available = true;
    boolean captureRefused;
    long[] cursor = {10, 10};
    /** The names of the elements whose value was read, in order: a password field's must never be among them. */
    final List<String> valuesRead = new ArrayList<>();

    int acceptInputs = -1;
    byte[] screen = new byte[4 * 64 * 36];
    int treeReads;
    Runnable onEffect = () -> {};
    /** The clipboard's text, its sequence number, and what the next write reaches. */
    String clipboard = "before";

    int clipboardSequence = 100;
    ClipboardResult clipboardWrites = ClipboardResult.WRITTEN;
    /** Another program writes the clipboard at this read of the sequence number (1 = the first), or never. */
    int anotherWriterAtSequenceRead = -1;

    private int sequenceReads;

    FakeProcess front() {
        return processes.get(0);
    }

    List<Effect> effects(String kind) {
        return effects.stream().filter(e -> e.kind().equals(kind)).toList();
    }

    private int effect(String kind, Object detail, FakeNode node) {
        effects.add(new Effect(kind, detail));
        onEffect.run();
        return node == null ? S_OK : node.process.patternResult;
    }

    @Override
    public boolean available() {
        return available;
    }

    @Override
    public List<TopLevelWindow> topLevelWindows() {
        List<TopLevelWindow> windows = new ArrayList<>();
        for (FakeProcess process : processes) {
            for (FakeProcess.Window window : process.windows) {
                if (window.visible) {
                    windows.add(new TopLevelWindow(
                            window.handle,
                            process.pid,
                            window.bounds,
                            window.className,
                            window.title,
                            window.minimized));
                }
            }
        }
        return windows;
    }

    @Override
    public Optional<UiaNode> tree(long windowHandle, int maxElements) {
        treeReads++;
        for (FakeProcess process : processes) {
            for (FakeProcess.Window window : process.windows) {
                if (window.handle == windowHandle && window.visible) {
                    return Optional.of(window.root.node(new int[] {maxElements}, true));
                }
            }
        }
        return Optional.empty();
    }

    @Override
    public Optional<UiaNode> refresh(UiaElement element) {
        FakeNode node = (FakeNode) element;
        return node.process.creationTime == 0 ? Optional.empty() : Optional.of(node.node(new int[] {1}, false));
    }

    @Override
    public int invoke(UiaElement element) {
        FakeNode node = (FakeNode) element;
        return effect("invoke", node.name, node);
    }

    @Override
    public int setValue(UiaElement element, String value) {
        FakeNode node = (FakeNode) element;
        int result = effect("set_value", node.name, node);
        if (result == S_OK && !node.process.ignoresValues) {
            node.value = value;
        }
        return result;
    }

    @Override
    public String value(UiaElement element) {
        valuesRead.add(((FakeNode) element).name);
        return ((FakeNode) element).value;
    }

    @Override
    public int scroll(UiaElement element, int horizontal, int vertical) {
        FakeNode node = (FakeNode) element;
        return effect("scroll", node.name + " " + horizontal + " " + vertical, node);
    }

    @Override
    public int setFocus(UiaElement element) {
        FakeNode node = (FakeNode) element;
        int result = effect("set_focus", node.name, node);
        if (result == S_OK && !node.process.refusesFocus) {
            node.process.focused = node;
        }
        return result;
    }

    @Override
    public int closeWindow(UiaElement element) {
        FakeNode node = (FakeNode) element;
        return effect("close", node.name, node);
    }

    @Override
    public int minimizeWindow(UiaElement element) {
        FakeNode node = (FakeNode) element;
        return effect("minimize", node.name, node);
    }

    @Override
    public long foregroundWindow() {
        for (FakeProcess process : processes) {
            for (FakeProcess.Window window : process.windows) {
                if (window.visible) {
                    return window.handle;
                }
            }
        }
        return 0;
    }

    @Override
    public String focusedRuntimeId() {
        FakeProcess front = front();
        return front.focused == null ? front.window().root.runtimeId : front.focused.runtimeId;
    }

    @Override
    public long[] cursor() {
        return cursor.clone();
    }

    @Override
    public List<Monitor> monitors() {
        return List.copyOf(monitors);
    }

    @Override
    public OptionalLong processCreationTime(long processId) {
        for (FakeProcess process : processes) {
            if (process.pid == processId && process.creationTime > 0) {
                return OptionalLong.of(process.creationTime);
            }
        }
        return OptionalLong.empty();
    }

    @Override
    public int sendInput(List<WinInput> inputs) {
        int accepted = acceptInputs < 0 ? inputs.size() : Math.min(acceptInputs, inputs.size());
        for (int i = 0; i < accepted; i++) {
            effects.add(new Effect("send_input", inputs.get(i)));
        }
        // an edit control pastes the clipboard's text on Ctrl+V
        FakeNode focused = front().focused;
        if (accepted == inputs.size()
                && inputs.equals(SendInputPlan.chordOf(List.of(0x11, 0x56)))
                && focused != null
                && focused.valuePattern
                && clipboard != null) {
            focused.value = focused.value + clipboard;
        }
        onEffect.run();
        return accepted;
    }

    @Override
    public ClipboardResult writeClipboardText(String text) {
        effects.add(new Effect("clipboard_write", text));
        switch (clipboardWrites) {
            case UNTOUCHED -> {}
            case EMPTIED -> {
                clipboard = null;
                clipboardSequence++;
            }
            case WRITTEN -> {
                clipboard = text;
                clipboardSequence++;
            }
        }
        return clipboardWrites;
    }

    @Override
    public String clipboardText() {
        return clipboard;
    }

    @Override
    public int clipboardSequence() {
        if (++sequenceReads == anotherWriterAtSequenceRead) {
            clipboard = "another program's";
            clipboardSequence++;
        }
        return clipboardSequence;
    }

    @Override
    public boolean screenCaptureAvailable() {
        return !captureRefused;
    }

    @Override
    public Optional<ScreenImage> captureScreen() {
        return captureRefused ? Optional.empty() : Optional.of(new ScreenImage(0, 0, 64, 36, screen));
    }
}
