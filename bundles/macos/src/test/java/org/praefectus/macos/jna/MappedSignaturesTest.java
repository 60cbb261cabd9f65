package org.praefectus.macos.jna;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.jna.Pointer;
import com.sun.jna.Structure;
import com.sun.jna.ptr.ByteByReference;
import com.sun.jna.ptr.DoubleByReference;
import com.sun.jna.ptr.IntByReference;
import com.sun.jna.ptr.LongByReference;
import com.sun.jna.ptr.PointerByReference;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * Every mapped CoreFoundation, ApplicationServices, CoreGraphics and libc function against its C declaration in
 * Apple's headers (CFBase.h, CFString.h, CFNumber.h, CFArray.h, CFData.h, CFDictionary.h, AXUIElement.h,
 * AXValue.h, the CoreGraphics headers, sys/sysctl.h), each C
 * type mapped to the Java type of its width on 64-bit macOS. What can be checked without the OS: the mapping
 * interfaces are read by reflection, never loaded. Issue #41 defect 2 was {@code CFNumberType} mapped as a
 * 4-byte int where CFNumber.h declares it {@code CFIndex}.
 */
class MappedSignaturesTest {

    /** The Java type of each C type: its width on 64-bit macOS (LP64), or the JNA form of a pointer to it. */
    private static final Map<String, Class<?>> C_TYPES = Map.ofEntries(
            Map.entry("void", void.class),
            Map.entry("ref", Pointer.class), // any CFTypeRef, AXUIElementRef, AXValueRef, const void *
            Map.entry("ref*", PointerByReference.class),
            Map.entry("const void*[]", Pointer[].class),
            Map.entry("UniChar[]", char[].class),
            Map.entry("CFIndex", long.class),
            Map.entry("CFIndex*", LongByReference.class),
            Map.entry("CFTypeID", long.class), // unsigned long
            Map.entry("CFNumberType", long.class), // CFIndex
            Map.entry("CFRange", Geometry.CFRange.class),
            Map.entry("Boolean", byte.class), // unsigned char
            Map.entry("Boolean*", ByteByReference.class),
            Map.entry("double*", DoubleByReference.class),
            Map.entry("AXError", int.class), // SInt32
            Map.entry("AXValueType", int.class), // UInt32 enum
            Map.entry("AXCopyMultipleAttributeOptions", int.class), // UInt32
            Map.entry("pid_t", int.class),
            Map.entry("pid_t*", IntByReference.class),
            Map.entry("float", float.class),
            Map.entry("bool", byte.class),
            Map.entry("uint16", short.class), // CGKeyCode
            Map.entry("uint32", int.class), // CGDirectDisplayID, CGWindowID, CGEventType, CGMouseButton, enums
            Map.entry("int32", int.class), // CGError, int32_t
            Map.entry("uint32[]", int[].class),
            Map.entry("uint32*", IntByReference.class),
            Map.entry("int[]", int[].class),
            Map.entry("uint64", long.class), // CGEventFlags
            Map.entry("int64", long.class),
            Map.entry("size_t", long.class),
            Map.entry("size_t*", LongByReference.class),
            Map.entry("CGPoint", Geometry.CGPoint.class),
            Map.entry("CGRect", Geometry.CGRect.ByValue.class),
            Map.entry("CGRect*", Geometry.CGRect.ByReference.class));

    /** name → return type, then parameter types, as the headers declare them. */
    private static final Map<String, List<String>> CORE_FOUNDATION = Map.ofEntries(
            Map.entry("CFStringCreateWithCharacters", List.of("ref", "ref", "UniChar[]", "CFIndex")),
            Map.entry("CFStringGetLength", List.of("CFIndex", "ref")),
            Map.entry("CFStringGetCharacters", List.of("void", "ref", "CFRange", "UniChar[]")),
            Map.entry("CFGetTypeID", List.of("CFTypeID", "ref")),
            Map.entry("CFStringGetTypeID", List.of("CFTypeID")),
            Map.entry("CFBooleanGetTypeID", List.of("CFTypeID")),
            Map.entry("CFNumberGetTypeID", List.of("CFTypeID")),
            Map.entry("CFArrayGetTypeID", List.of("CFTypeID")),
            Map.entry("CFBooleanGetValue", List.of("Boolean", "ref")),
            Map.entry("CFNumberGetValue", List.of("Boolean", "ref", "CFNumberType", "double*")),
            Map.entry("CFArrayGetCount", List.of("CFIndex", "ref")),
            Map.entry("CFArrayGetValueAtIndex", List.of("ref", "ref", "CFIndex")),
            Map.entry("CFArrayCreate", List.of("ref", "ref", "const void*[]", "CFIndex", "ref")),
            Map.entry("CFDictionaryGetValue", List.of("ref", "ref", "ref")),
            Map.entry("CFDataGetLength", List.of("CFIndex", "ref")),
            Map.entry("CFDataGetBytePtr", List.of("ref", "ref")),
            Map.entry("CFRetain", List.of("ref", "ref")),
            Map.entry("CFRelease", List.of("void", "ref")),
            Map.entry("CFEqual", List.of("Boolean", "ref", "ref")));

    private static final Map<String, List<String>> APPLICATION_SERVICES = Map.ofEntries(
            Map.entry("AXIsProcessTrusted", List.of("Boolean")),
            Map.entry("AXUIElementCreateApplication", List.of("ref", "pid_t")),
            Map.entry("AXUIElementCreateSystemWide", List.of("ref")),
            Map.entry("AXUIElementGetTypeID", List.of("CFTypeID")),
            Map.entry("AXValueGetTypeID", List.of("CFTypeID")),
            Map.entry("AXUIElementCopyAttributeValue", List.of("AXError", "ref", "ref", "ref*")),
            Map.entry(
                    "AXUIElementCopyMultipleAttributeValues",
                    List.of("AXError", "ref", "ref", "AXCopyMultipleAttributeOptions", "ref*")),
            Map.entry("AXUIElementGetAttributeValueCount", List.of("AXError", "ref", "ref", "CFIndex*")),
            Map.entry("AXUIElementIsAttributeSettable", List.of("AXError", "ref", "ref", "Boolean*")),
            Map.entry("AXUIElementCopyActionNames", List.of("AXError", "ref", "ref*")),
            Map.entry("AXUIElementSetAttributeValue", List.of("AXError", "ref", "ref", "ref")),
            Map.entry("AXUIElementPerformAction", List.of("AXError", "ref", "ref")),
            Map.entry("AXUIElementGetPid", List.of("AXError", "ref", "pid_t*")),
            Map.entry("AXUIElementCopyElementAtPosition", List.of("AXError", "ref", "float", "float", "ref*")),
            Map.entry("AXUIElementSetMessagingTimeout", List.of("AXError", "ref", "float")),
            Map.entry("AXValueGetType", List.of("AXValueType", "ref")),
            Map.entry("AXValueGetValue", List.of("Boolean", "ref", "AXValueType", "ref")),
            Map.entry("AXValueCreate", List.of("ref", "AXValueType", "ref")));

    /** CGDirectDisplay.h, CGDisplayConfiguration.h, CGWindow.h, CGEvent.h, CGImage.h, CGDataProvider.h. */
    private static final Map<String, List<String>> CORE_GRAPHICS = Map.ofEntries(
            Map.entry("CGPreflightScreenCaptureAccess", List.of("bool")),
            Map.entry("CGGetActiveDisplayList", List.of("int32", "uint32", "uint32[]", "uint32*")),
            Map.entry("CGDisplayBounds", List.of("CGRect", "uint32")),
            Map.entry("CGDisplayCopyDisplayMode", List.of("ref", "uint32")),
            Map.entry("CGDisplayModeGetPixelWidth", List.of("size_t", "ref")),
            Map.entry("CGDisplayModeGetPixelHeight", List.of("size_t", "ref")),
            Map.entry("CGDisplayModeRelease", List.of("void", "ref")),
            Map.entry("CGWindowListCopyWindowInfo", List.of("ref", "uint32", "uint32")),
            Map.entry("CGRectMakeWithDictionaryRepresentation", List.of("bool", "ref", "CGRect*")),
            Map.entry("CGEventCreate", List.of("ref", "ref")),
            Map.entry("CGEventGetLocation", List.of("CGPoint", "ref")),
            Map.entry("CGEventCreateKeyboardEvent", List.of("ref", "ref", "uint16", "bool")),
            Map.entry("CGEventKeyboardSetUnicodeString", List.of("void", "ref", "size_t", "UniChar[]")),
            Map.entry("CGEventSetFlags", List.of("void", "ref", "uint64")),
            Map.entry("CGEventCreateMouseEvent", List.of("ref", "ref", "uint32", "CGPoint", "uint32")),
            Map.entry("CGEventSetIntegerValueField", List.of("void", "ref", "uint32", "int64")),
            Map.entry(
                    "CGEventCreateScrollWheelEvent2",
                    List.of("ref", "ref", "uint32", "uint32", "int32", "int32", "int32")),
            Map.entry("CGEventSetLocation", List.of("void", "ref", "CGPoint")),
            Map.entry("CGEventPostToPid", List.of("void", "pid_t", "ref")),
            Map.entry("CGEventPost", List.of("void", "uint32", "ref")),
            Map.entry("CGDisplayCreateImage", List.of("ref", "uint32")),
            Map.entry("CGImageGetWidth", List.of("size_t", "ref")),
            Map.entry("CGImageGetHeight", List.of("size_t", "ref")),
            Map.entry("CGImageGetBytesPerRow", List.of("size_t", "ref")),
            Map.entry("CGImageGetBitsPerPixel", List.of("size_t", "ref")),
            Map.entry("CGImageGetDataProvider", List.of("ref", "ref")),
            Map.entry("CGDataProviderCopyData", List.of("ref", "ref")),
            Map.entry("CGImageRelease", List.of("void", "ref")));

    /** sys/sysctl.h: {@code int sysctl(int *, u_int, void *, size_t *, void *, size_t)}. */
    private static final Map<String, List<String>> LIBC =
            Map.of("sysctl", List.of("int32", "int[]", "uint32", "ref", "size_t*", "ref", "size_t"));

    @Test
    void coreGraphicsMatchesItsHeaders() {
        assertEquals(List.of(), mismatches(CoreGraphics.class, CORE_GRAPHICS));
    }

    @Test
    void libcMatchesItsHeader() {
        assertEquals(List.of(), mismatches(LibC.class, LIBC));
    }

    @Test
    void cfNumberTypeTravelsAsACfIndex() throws NoSuchMethodException {
        Method getValue =
                CoreFoundation.class.getMethod("CFNumberGetValue", Pointer.class, long.class, DoubleByReference.class);
        assertEquals(long.class, getValue.getParameterTypes()[1]);
    }

    @Test
    void coreFoundationMatchesItsHeaders() {
        assertEquals(List.of(), mismatches(CoreFoundation.class, CORE_FOUNDATION));
    }

    @Test
    void applicationServicesMatchesItsHeaders() {
        assertEquals(List.of(), mismatches(ApplicationServices.class, APPLICATION_SERVICES));
    }

    @Test
    void structsHaveTheirDocumentedLayouts() {
        assertLayout(new Geometry.CFRange(), 16, "location", 0, "length", 8);
        assertLayout(new Geometry.CGPoint(), 16, "x", 0, "y", 8);
        assertLayout(new Geometry.CGRect(), 32, "x", 0, "y", 8, "width", 16, "height", 24);
        assertLayout(new Geometry.CGSize(), 16, "width", 0, "height", 8);
    }

    /** The size, and each field written where the header puts it (fields are distinct 8-byte numbers). */
    private static void assertLayout(Structure struct, int size, Object... fieldsAndOffsets) {
        String name = struct.getClass().getSimpleName();
        assertEquals(size, struct.size(), name);
        try {
            for (int i = 0; i < fieldsAndOffsets.length; i += 2) {
                java.lang.reflect.Field field = struct.getClass().getField((String) fieldsAndOffsets[i]);
                if (field.getType() == double.class) {
                    field.setDouble(struct, i + 1);
                } else {
                    field.setLong(struct, i + 1);
                }
            }
            struct.write();
            for (int i = 0; i < fieldsAndOffsets.length; i += 2) {
                java.lang.reflect.Field field = struct.getClass().getField((String) fieldsAndOffsets[i]);
                long offset = (Integer) fieldsAndOffsets[i + 1];
                double written = field.getType() == double.class
                        ? struct.getPointer().getDouble(offset)
                        : struct.getPointer().getLong(offset);
                assertEquals(i + 1, written, name + "." + field.getName());
            }
        } catch (ReflectiveOperationException e) {
            throw new LinkageError(name, e);
        }
    }

    /** Every mapped method that is not declared, declared with other types, or declared but not mapped. */
    private static List<String> mismatches(Class<?> mapping, Map<String, List<String>> declared) {
        Map<String, Method> mapped = new TreeMap<>();
        for (Method method : mapping.getDeclaredMethods()) {
            if (!method.isSynthetic() && !java.lang.reflect.Modifier.isStatic(method.getModifiers())) {
                mapped.put(method.getName(), method);
            }
        }
        List<String> wrong = new ArrayList<>();
        assertTrue(mapped.keySet().containsAll(declared.keySet()), () -> "not mapped: " + declared.keySet());
        for (Method method : mapped.values()) {
            List<String> c = declared.get(method.getName());
            if (c == null) {
                wrong.add(method.getName() + " has no declaration in this test");
                continue;
            }
            List<Class<?>> expected = c.stream().<Class<?>>map(C_TYPES::get).toList();
            List<Class<?>> actual = new ArrayList<>();
            actual.add(method.getReturnType());
            actual.addAll(Arrays.asList(method.getParameterTypes()));
            if (!expected.equals(actual)) {
                wrong.add(method.getName() + ": header " + c + ", mapped " + actual);
            }
        }
        return wrong;
    }
}
