package org.praefectus.linux.capture;

import java.lang.annotation.Annotation;
import org.praefectus.linux.ExecutorConfig;

/** The executor configuration with every default: the process's display and bus. */
public final class TestCaptureConfig {

    private TestCaptureConfig() {}

    public static LinuxScreenCapture screenCapture() {
        return new LinuxScreenCapture(new ExecutorConfig() {
            @Override
            public Class<? extends Annotation> annotationType() {
                return ExecutorConfig.class;
            }

            @Override
            public String session_isolation() {
                return "shared_desktop";
            }

            @Override
            public String screenshot_directory() {
                return "";
            }

            @Override
            public String display() {
                return "";
            }

            @Override
            public String session_bus_address() {
                return "";
            }

            @Override
            public String wayland_capture() {
                return "screenshot";
            }

            @Override
            public boolean emergency_hotkey() {
                return true;
            }
        });
    }

    /** Closes its X session (what deactivation does). */
    public static void close(LinuxScreenCapture capture) {
        capture.close();
    }
}
