package org.praefectus.macos;

import com.sun.jna.Library;
import com.sun.jna.Native;

/** {@link MacPermissions} answered by the macOS frameworks through JNA. Never prompts the user. */
final class NativeMacPermissions implements MacPermissions {

    /** ApplicationServices' {@code Boolean AXIsProcessTrusted(void)}; Boolean is an unsigned char. */
    interface ApplicationServices extends Library {
        byte AXIsProcessTrusted();
    }

    /** CoreGraphics' {@code bool CGPreflightScreenCaptureAccess(void)} (macOS 10.15 and later). */
    interface CoreGraphics extends Library {
        byte CGPreflightScreenCaptureAccess();
    }

    @Override
    public boolean accessibility() {
        return Native.load("ApplicationServices", ApplicationServices.class).AXIsProcessTrusted() != 0;
    }

    @Override
    public boolean screenRecording() {
        return Native.load("CoreGraphics", CoreGraphics.class).CGPreflightScreenCaptureAccess() != 0;
    }
}
