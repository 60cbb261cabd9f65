package org.praefectus.macos.ax;

import java.util.List;

/**
 * The narrow native boundary to macOS Accessibility (ApplicationServices {@code AXUIElement*}). Everything
 * above it is plain Java and tested on any OS against fixtures; {@code jna.NativeAx} is the only
 * implementation that talks to macOS. Methods never throw for an AX error: they answer
 * {@link AxValue.Missing#INSTANCE}, an empty list or the {@code AXError} code.
 */
public interface AxApi {

    /** {@code kAXErrorSuccess}. */
    int SUCCESS = 0;
    /** {@code kAXErrorInvalidUIElement}: the element no longer exists. */
    int INVALID_ELEMENT = -25202;
    /** {@code kAXErrorCannotComplete}: the application did not answer. */
    int CANNOT_COMPLETE = -25204;
    /** {@code kAXErrorAttributeUnsupported}. */
    int ATTRIBUTE_UNSUPPORTED = -25205;
    /** {@code kAXErrorActionUnsupported}. */
    int ACTION_UNSUPPORTED = -25206;

    /** Whether this process is trusted for Accessibility ({@code AXIsProcessTrusted}); never prompts. */
    boolean trusted();

    /** The application element of a process ({@code AXUIElementCreateApplication}). */
    AxElement application(long processId);

    /** The system-wide element ({@code AXUIElementCreateSystemWide}). */
    AxElement systemWide();

    /** One attribute ({@code AXUIElementCopyAttributeValue}); {@link AxValue.Missing#INSTANCE} on any error. */
    AxValue attribute(AxElement element, String attribute);

    /**
     * Several attributes in one message to the application ({@code AXUIElementCopyMultipleAttributeValues}):
     * one value per name, in order, {@link AxValue.Missing#INSTANCE} where an attribute has none.
     */
    List<AxValue> attributes(AxElement element, List<String> attributes);

    /** How many values an array attribute holds ({@code AXUIElementGetAttributeValueCount}), -1 when absent. */
    long count(AxElement element, String attribute);

    /** Whether the attribute is settable ({@code AXUIElementIsAttributeSettable}); false on any error. */
    boolean settable(AxElement element, String attribute);

    /** The action names the element advertises now ({@code AXUIElementCopyActionNames}). */
    List<String> actions(AxElement element);

    /** Sets a string attribute ({@code AXUIElementSetAttributeValue} with a {@code CFString}); the AXError. */
    int setText(AxElement element, String attribute, String value);

    /** Sets a boolean attribute ({@code kCFBooleanTrue}/{@code kCFBooleanFalse}); the AXError. */
    int setFlag(AxElement element, String attribute, boolean value);

    /** Sets a range attribute (an {@code AXValue} of {@code kAXValueCFRangeType}); the AXError. */
    int setRange(AxElement element, String attribute, long location, long length);

    /** Performs an action ({@code AXUIElementPerformAction}); the AXError. */
    int perform(AxElement element, String action);

    /** The process of the element ({@code AXUIElementGetPid}), 0 on error. */
    long processId(AxElement element);

    /**
     * The element a hit test at a screen point reaches, across applications
     * ({@code AXUIElementCopyElementAtPosition} on the system-wide element), or {@code null}.
     */
    AxElement elementAt(double x, double y);

    /** Whether two handles name the same element ({@code CFEqual}). */
    boolean same(AxElement a, AxElement b);
}
