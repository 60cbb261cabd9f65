package org.praefectus.macos.jna;

import com.sun.jna.Library;
import com.sun.jna.Native;
import com.sun.jna.NativeLibrary;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.DoubleByReference;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.praefectus.macos.jna.Geometry.CFRange;

/** The CoreFoundation functions the AX and Quartz mappings need ({@code CFIndex} is 64-bit). */
interface CoreFoundation extends Library {

    CoreFoundation CF = Native.load("CoreFoundation", CoreFoundation.class);

    /** {@code kCFNumberDoubleType}; {@code CFNumberType} is a {@code CFIndex} (CFNumber.h), so it travels as a long. */
    long NUMBER_DOUBLE = 13;

    Pointer CFStringCreateWithCharacters(Pointer allocator, char[] characters, long length);

    long CFStringGetLength(Pointer string);

    void CFStringGetCharacters(Pointer string, CFRange range, char[] buffer);

    long CFGetTypeID(Pointer value);

    long CFStringGetTypeID();

    long CFBooleanGetTypeID();

    long CFNumberGetTypeID();

    long CFArrayGetTypeID();

    byte CFBooleanGetValue(Pointer value);

    byte CFNumberGetValue(Pointer number, long type, DoubleByReference value);

    long CFArrayGetCount(Pointer array);

    Pointer CFArrayGetValueAtIndex(Pointer array, long index);

    Pointer CFArrayCreate(Pointer allocator, Pointer[] values, long count, Pointer callbacks);

    Pointer CFDictionaryGetValue(Pointer dictionary, Pointer key);

    long CFDataGetLength(Pointer data);

    Pointer CFDataGetBytePtr(Pointer data);

    Pointer CFRetain(Pointer value);

    void CFRelease(Pointer value);

    byte CFEqual(Pointer a, Pointer b);

    /** Immortal CFStrings for attribute, action and dictionary key names. */
    final class Strings {
        private static final Map<String, Pointer> CACHE = new ConcurrentHashMap<>();

        private Strings() {}

        static Pointer of(String name) {
            return CACHE.computeIfAbsent(name, Strings::create);
        }

        /** A new CFString the caller releases. */
        static Pointer create(String text) {
            char[] characters = text.toCharArray();
            return CF.CFStringCreateWithCharacters(null, characters, characters.length);
        }

        static String read(Pointer string) {
            long length = CF.CFStringGetLength(string);
            if (length < 0 || length > 1_000_000) {
                return null;
            }
            char[] buffer = new char[(int) length];
            CF.CFStringGetCharacters(string, new CFRange(0, length), buffer);
            return new String(buffer);
        }
    }

    /** {@code &kCFTypeArrayCallBacks}: the array retains and releases its CF values. */
    static Pointer typeArrayCallbacks() {
        return NativeLibrary.getInstance("CoreFoundation").getGlobalVariableAddress("kCFTypeArrayCallBacks");
    }

    /** {@code kCFBooleanTrue} or {@code kCFBooleanFalse}. */
    static Pointer booleanValue(boolean value) {
        return NativeLibrary.getInstance("CoreFoundation")
                .getGlobalVariableAddress(value ? "kCFBooleanTrue" : "kCFBooleanFalse")
                .getPointer(0);
    }
}
