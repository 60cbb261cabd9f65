package org.praefectus.macos.jna;

import com.sun.jna.Library;
import com.sun.jna.Native;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.ByteByReference;
import com.sun.jna.ptr.IntByReference;
import com.sun.jna.ptr.LongByReference;
import com.sun.jna.ptr.PointerByReference;

/** ApplicationServices' Accessibility functions (HIServices {@code AXUIElement.h}, {@code AXValue.h}). */
interface ApplicationServices extends Library {

    ApplicationServices AX = Native.load("ApplicationServices", ApplicationServices.class);

    /** {@code kAXValueCGPointType}. */
    int VALUE_POINT = 1;
    /** {@code kAXValueCGSizeType}. */
    int VALUE_SIZE = 2;
    /** {@code kAXValueCGRectType}. */
    int VALUE_RECT = 3;
    /** {@code kAXValueCFRangeType}. */
    int VALUE_RANGE = 4;
    /** {@code kAXValueAXErrorType}: the attribute had no value (inside a multiple-attribute answer). */
    int VALUE_ERROR = 5;

    byte AXIsProcessTrusted();

    Pointer AXUIElementCreateApplication(int pid);

    Pointer AXUIElementCreateSystemWide();

    long AXUIElementGetTypeID();

    long AXValueGetTypeID();

    int AXUIElementCopyAttributeValue(Pointer element, Pointer attribute, PointerByReference value);

    int AXUIElementCopyMultipleAttributeValues(
            Pointer element, Pointer attributes, int options, PointerByReference values);

    int AXUIElementGetAttributeValueCount(Pointer element, Pointer attribute, LongByReference count);

    int AXUIElementIsAttributeSettable(Pointer element, Pointer attribute, ByteByReference settable);

    int AXUIElementCopyActionNames(Pointer element, PointerByReference names);

    int AXUIElementSetAttributeValue(Pointer element, Pointer attribute, Pointer value);

    int AXUIElementPerformAction(Pointer element, Pointer action);

    int AXUIElementGetPid(Pointer element, IntByReference pid);

    int AXUIElementCopyElementAtPosition(Pointer application, float x, float y, PointerByReference element);

    int AXUIElementSetMessagingTimeout(Pointer element, float seconds);

    int AXValueGetType(Pointer value);

    byte AXValueGetValue(Pointer value, int type, Pointer out);

    Pointer AXValueCreate(int type, Pointer value);
}
