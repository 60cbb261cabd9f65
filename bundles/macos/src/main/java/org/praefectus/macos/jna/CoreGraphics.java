package org.praefectus.macos.jna;

import com.sun.jna.Library;
import com.sun.jna.Native;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.IntByReference;
import org.praefectus.macos.jna.Geometry.CGPoint;
import org.praefectus.macos.jna.Geometry.CGRect;

/** The CoreGraphics (Quartz) functions of displays, windows, events and display images. */
interface CoreGraphics extends Library {

    CoreGraphics CG = Native.load("CoreGraphics", CoreGraphics.class);

    /** {@code kCGWindowListOptionOnScreenOnly | kCGWindowListExcludeDesktopElements}. */
    int ON_SCREEN_WITHOUT_DESKTOP = 1 | 1 << 4;
    /** {@code kCGHIDEventTap}. */
    int HID_EVENT_TAP = 0;
    /** {@code kCGScrollEventUnitLine}. */
    int SCROLL_UNIT_LINE = 1;
    /** {@code kCGMouseEventClickState}. */
    int FIELD_CLICK_STATE = 1;

    byte CGPreflightScreenCaptureAccess();

    int CGGetActiveDisplayList(int maxDisplays, int[] displays, IntByReference count);

    CGRect.ByValue CGDisplayBounds(int display);

    Pointer CGDisplayCopyDisplayMode(int display);

    long CGDisplayModeGetPixelWidth(Pointer mode);

    long CGDisplayModeGetPixelHeight(Pointer mode);

    void CGDisplayModeRelease(Pointer mode);

    Pointer CGWindowListCopyWindowInfo(int option, int relativeToWindow);

    byte CGRectMakeWithDictionaryRepresentation(Pointer dictionary, CGRect.ByReference rect);

    Pointer CGEventCreate(Pointer source);

    CGPoint CGEventGetLocation(Pointer event);

    Pointer CGEventCreateKeyboardEvent(Pointer source, short virtualKey, byte keyDown);

    void CGEventKeyboardSetUnicodeString(Pointer event, long length, char[] characters);

    void CGEventSetFlags(Pointer event, long flags);

    Pointer CGEventCreateMouseEvent(Pointer source, int type, CGPoint position, int button);

    void CGEventSetIntegerValueField(Pointer event, int field, long value);

    /** The non-variadic form (macOS 10.13+): JNA calls it the same way on x86-64 and arm64. */
    Pointer CGEventCreateScrollWheelEvent2(
            Pointer source, int units, int wheelCount, int wheel1, int wheel2, int wheel3);

    void CGEventSetLocation(Pointer event, CGPoint location);

    void CGEventPostToPid(int pid, Pointer event);

    void CGEventPost(int tap, Pointer event);

    Pointer CGDisplayCreateImage(int display);

    long CGImageGetWidth(Pointer image);

    long CGImageGetHeight(Pointer image);

    long CGImageGetBytesPerRow(Pointer image);

    long CGImageGetBitsPerPixel(Pointer image);

    Pointer CGImageGetDataProvider(Pointer image);

    Pointer CGDataProviderCopyData(Pointer provider);

    void CGImageRelease(Pointer image);
}
