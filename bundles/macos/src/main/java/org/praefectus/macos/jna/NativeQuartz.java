package org.praefectus.macos.jna;

import static org.praefectus.macos.jna.CoreFoundation.CF;
import static org.praefectus.macos.jna.CoreGraphics.CG;

import com.sun.jna.Memory;
import com.sun.jna.NativeLibrary;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.DoubleByReference;
import com.sun.jna.ptr.IntByReference;
import com.sun.jna.ptr.LongByReference;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.praefectus.api.protocol.Rect;
import org.praefectus.macos.quartz.Display;
import org.praefectus.macos.quartz.InputEvent;
import org.praefectus.macos.quartz.QuartzApi;
import org.praefectus.macos.quartz.ScreenImage;
import org.praefectus.macos.quartz.WindowInfo;

/**
 * {@link QuartzApi} over CoreGraphics and libc through JNA. Every created CF object is released before
 * returning. Untested here (it runs only on macOS), except the plain release rule
 * {@link #releaseServesDisplayImages}.
 */
public final class NativeQuartz implements QuartzApi {

    /** The macOS release whose SDK marks {@code CGDisplayCreateImage} obsoleted (ScreenCaptureKit replaces it). */
    static final int CAPTURE_OBSOLETED_MAJOR = 15;

    @Override
    public boolean screenRecording() {
        return CG.CGPreflightScreenCaptureAccess() != 0;
    }

    @Override
    public List<Display> displays() {
        int[] ids = new int[32];
        IntByReference count = new IntByReference();
        if (CG.CGGetActiveDisplayList(ids.length, ids, count) != 0) {
            return List.of();
        }
        List<Display> displays = new ArrayList<>();
        for (int i = 0; i < Math.min(count.getValue(), ids.length); i++) {
            Geometry.CGRect bounds = CG.CGDisplayBounds(ids[i]);
            long pixelWidth = 0;
            long pixelHeight = 0;
            Pointer mode = CG.CGDisplayCopyDisplayMode(ids[i]);
            if (mode != null) {
                pixelWidth = CG.CGDisplayModeGetPixelWidth(mode);
                pixelHeight = CG.CGDisplayModeGetPixelHeight(mode);
                CG.CGDisplayModeRelease(mode);
            }
            displays.add(new Display(
                    Integer.toUnsignedLong(ids[i]),
                    Math.round(bounds.x),
                    Math.round(bounds.y),
                    Math.round(bounds.width),
                    Math.round(bounds.height),
                    pixelWidth,
                    pixelHeight));
        }
        return displays;
    }

    @Override
    public List<WindowInfo> windows() {
        Pointer list = CG.CGWindowListCopyWindowInfo(CoreGraphics.ON_SCREEN_WITHOUT_DESKTOP, 0);
        if (list == null) {
            return List.of();
        }
        try {
            List<WindowInfo> windows = new ArrayList<>();
            long count = CF.CFArrayGetCount(list);
            for (long i = 0; i < count; i++) {
                Pointer entry = CF.CFArrayGetValueAtIndex(list, i);
                Long number = number(entry, "kCGWindowNumber");
                Long pid = number(entry, "kCGWindowOwnerPID");
                Long layer = number(entry, "kCGWindowLayer");
                Pointer boundsDictionary = CF.CFDictionaryGetValue(entry, CoreFoundation.Strings.of("kCGWindowBounds"));
                Geometry.CGRect.ByReference bounds = new Geometry.CGRect.ByReference();
                if (number == null
                        || pid == null
                        || layer == null
                        || boundsDictionary == null
                        || CG.CGRectMakeWithDictionaryRepresentation(boundsDictionary, bounds) == 0) {
                    continue;
                }
                windows.add(new WindowInfo(
                        number,
                        pid,
                        layer,
                        new Rect(
                                Math.round(bounds.x),
                                Math.round(bounds.y),
                                Math.round(bounds.width),
                                Math.round(bounds.height)),
                        text(entry, "kCGWindowOwnerName"),
                        text(entry, "kCGWindowName")));
            }
            return windows;
        } finally {
            CF.CFRelease(list);
        }
    }

    private static Long number(Pointer dictionary, String key) {
        Pointer value = CF.CFDictionaryGetValue(dictionary, CoreFoundation.Strings.of(key));
        if (value == null || CF.CFGetTypeID(value) != CF.CFNumberGetTypeID()) {
            return null;
        }
        DoubleByReference number = new DoubleByReference();
        return CF.CFNumberGetValue(value, CoreFoundation.NUMBER_DOUBLE, number) != 0
                ? Math.round(number.getValue())
                : null;
    }

    private static String text(Pointer dictionary, String key) {
        Pointer value = CF.CFDictionaryGetValue(dictionary, CoreFoundation.Strings.of(key));
        return value != null && CF.CFGetTypeID(value) == CF.CFStringGetTypeID()
                ? CoreFoundation.Strings.read(value)
                : null;
    }

    @Override
    public double[] pointer() {
        Pointer event = CG.CGEventCreate(null);
        if (event == null) {
            return null;
        }
        try {
            Geometry.CGPoint location = CG.CGEventGetLocation(event);
            return new double[] {location.x, location.y};
        } finally {
            CF.CFRelease(event);
        }
    }

    @Override
    public OptionalLong processStartMicros(long processId) {
        Memory info = new Memory(LibC.KINFO_PROC_SIZE);
        info.clear();
        LongByReference length = new LongByReference(LibC.KINFO_PROC_SIZE);
        int[] name = {LibC.CTL_KERN, LibC.KERN_PROC, LibC.KERN_PROC_PID, (int) processId};
        if (LibC.C.sysctl(name, name.length, info, length, null, 0) != 0 || length.getValue() == 0) {
            return OptionalLong.empty();
        }
        // kinfo_proc.kp_proc.p_un.__p_starttime: struct timeval at offset 0 (tv_sec 8 bytes, tv_usec 4 bytes)
        long seconds = info.getLong(0);
        long micros = Integer.toUnsignedLong(info.getInt(8));
        return seconds <= 0 ? OptionalLong.empty() : OptionalLong.of(seconds * 1_000_000 + micros);
    }

    @Override
    public int postToProcess(long processId, List<InputEvent> events) {
        return post(events, event -> CG.CGEventPostToPid((int) processId, event));
    }

    @Override
    public int postGlobal(List<InputEvent> events) {
        return post(events, event -> CG.CGEventPost(CoreGraphics.HID_EVENT_TAP, event));
    }

    private interface Poster {
        void post(Pointer event);
    }

    /** Creates every event first, so nothing is posted when one cannot be created; posts in order. */
    private static int post(List<InputEvent> events, Poster poster) {
        List<Pointer> created = new ArrayList<>();
        try {
            for (InputEvent event : events) {
                Pointer[] made = create(event);
                if (made == null) {
                    return 0;
                }
                created.addAll(List.of(made));
            }
            for (Pointer event : created) {
                poster.post(event);
            }
            return events.size();
        } finally {
            created.forEach(CF::CFRelease);
        }
    }

    private static Pointer[] create(InputEvent event) {
        if (event instanceof InputEvent.Key key) {
            Pointer made = CG.CGEventCreateKeyboardEvent(null, (short) key.keyCode(), (byte) (key.down() ? 1 : 0));
            if (made == null) {
                return null;
            }
            CG.CGEventSetFlags(made, key.flags());
            return new Pointer[] {made};
        }
        if (event instanceof InputEvent.Unicode unicode) {
            char[] characters = unicode.text().toCharArray();
            Pointer down = CG.CGEventCreateKeyboardEvent(null, (short) 0, (byte) 1);
            Pointer up = CG.CGEventCreateKeyboardEvent(null, (short) 0, (byte) 0);
            if (down == null || up == null) {
                if (down != null) {
                    CF.CFRelease(down);
                }
                if (up != null) {
                    CF.CFRelease(up);
                }
                return null;
            }
            CG.CGEventKeyboardSetUnicodeString(down, characters.length, characters);
            CG.CGEventKeyboardSetUnicodeString(up, characters.length, characters);
            return new Pointer[] {down, up};
        }
        if (event instanceof InputEvent.Wheel wheel) {
            Pointer made = CG.CGEventCreateScrollWheelEvent2(
                    null, CoreGraphics.SCROLL_UNIT_LINE, 2, wheel.deltaY(), wheel.deltaX(), 0);
            if (made == null) {
                return null;
            }
            CG.CGEventSetLocation(made, new Geometry.CGPoint(wheel.x(), wheel.y()));
            return new Pointer[] {made};
        }
        InputEvent.Mouse mouse = (InputEvent.Mouse) event;
        Pointer made = CG.CGEventCreateMouseEvent(
                null, mouse.type(), new Geometry.CGPoint(mouse.x(), mouse.y()), mouse.button());
        if (made == null) {
            return null;
        }
        if (mouse.clickState() > 0) {
            CG.CGEventSetIntegerValueField(made, CoreGraphics.FIELD_CLICK_STATE, mouse.clickState());
        }
        return new Pointer[] {made};
    }

    @Override
    public boolean displayImagesServed() {
        if (!releaseServesDisplayImages(System.getProperty("os.version", ""))) {
            return false;
        }
        try {
            NativeLibrary.getInstance("CoreGraphics").getFunction("CGDisplayCreateImage");
            return true;
        } catch (UnsatisfiedLinkError missing) {
            return false;
        }
    }

    /**
     * Whether a macOS release (the {@code os.version} property, e.g. {@code 14.6.1}) still serves display
     * images: releases before {@value #CAPTURE_OBSOLETED_MAJOR}. An unreadable version serves none, so capture
     * is never claimed on a release nobody checked. Plain Java: it touches no native library.
     */
    static boolean releaseServesDisplayImages(String osVersion) {
        String major = osVersion.split("\\.", -1)[0];
        if (major.isEmpty() || major.length() > 4 || !major.chars().allMatch(c -> c >= '0' && c <= '9')) {
            return false;
        }
        return Integer.parseInt(major) < CAPTURE_OBSOLETED_MAJOR;
    }

    @Override
    public Optional<ScreenImage> captureDisplay(long displayId) {
        Pointer image = CG.CGDisplayCreateImage((int) displayId);
        if (image == null) {
            return Optional.empty();
        }
        try {
            long width = CG.CGImageGetWidth(image);
            long height = CG.CGImageGetHeight(image);
            long bytesPerRow = CG.CGImageGetBytesPerRow(image);
            if (CG.CGImageGetBitsPerPixel(image) != 32
                    || width <= 0
                    || height <= 0
                    || bytesPerRow * height > Integer.MAX_VALUE) {
                return Optional.empty();
            }
            Pointer data = CG.CGDataProviderCopyData(CG.CGImageGetDataProvider(image));
            if (data == null) {
                return Optional.empty();
            }
            try {
                long length = CF.CFDataGetLength(data);
                if (length < bytesPerRow * height) {
                    return Optional.empty();
                }
                byte[] pixels = CF.CFDataGetBytePtr(data).getByteArray(0, (int) (bytesPerRow * height));
                return Optional.of(new ScreenImage(displayId, (int) width, (int) height, (int) bytesPerRow, pixels));
            } finally {
                CF.CFRelease(data);
            }
        } finally {
            CG.CGImageRelease(image);
        }
    }
}
