package org.praefectus.macos.quartz;

import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The narrow native boundary to CoreGraphics (Quartz) and the kernel: displays, windows, the pointer,
 * process start times, event posting and display images. {@code jna.NativeQuartz} is the only
 * implementation that talks to macOS; everything above it is tested on any OS.
 */
public interface QuartzApi {

    /** Whether this process may capture the screen ({@code CGPreflightScreenCaptureAccess}); never prompts. */
    boolean screenRecording();

    /** The active displays. */
    List<Display> displays();

    /** The on-screen windows, front to back ({@code kCGWindowListOptionOnScreenOnly}, desktop elements excluded). */
    List<WindowInfo> windows();

    /** The pointer in global points ({@code CGEventGetLocation} of a fresh {@code CGEventCreate(NULL)}). */
    double[] pointer();

    /**
     * When the process started ({@code sysctl} {@code KERN_PROC_PID}: {@code p_starttime}), in microseconds
     * since the epoch; empty when there is no such process.
     */
    OptionalLong processStartMicros(long processId);

    /**
     * Posts events to one process ({@code CGEventPostToPid}): no pointer motion, no activation.
     *
     * @return how many events were posted before the first failure to create one
     */
    int postToProcess(long processId, List<InputEvent> events);

    /**
     * Posts events to the global HID event tap ({@code CGEventPost(kCGHIDEventTap, …)}): real pointer
     * motion, delivered to whatever is under the pointer or has the keyboard focus.
     *
     * @return how many events were posted before the first failure to create one
     */
    int postGlobal(List<InputEvent> events);

    /**
     * Whether this OS still serves CoreGraphics display images to this process: the symbol
     * {@code CGDisplayCreateImage} exists and the OS is older than the release that obsoleted it (macOS 15).
     */
    boolean displayImagesServed();

    /** One display's image ({@code CGDisplayCreateImage}); empty when the OS refuses it. */
    Optional<ScreenImage> captureDisplay(long displayId);
}
