package org.praefectus.macos.jna;

import com.sun.jna.Memory;
import com.sun.jna.Pointer;
import org.praefectus.macos.ax.AxValue;

/**
 * The struct behind each {@code AXValueType} (AXValue.h) and how many bytes {@code AXValueGetValue} writes for
 * it: the buffer is sized by the value's own type, so a {@code CGRect} (32 bytes) never lands in a buffer made
 * for a {@code CGPoint} (16). Plain Java over JNA's struct layouts, so it is checked on any machine.
 */
final class AxValueLayout {

    /** {@code AXError}: a 32-bit {@code SInt32}. */
    static final int ERROR_BYTES = Integer.BYTES;

    private AxValueLayout() {}

    /** The bytes {@code AXValueGetValue} writes for this type, 0 for a type we do not know (never read). */
    static int bytes(int type) {
        return switch (type) {
            case ApplicationServices.VALUE_POINT -> new Geometry.CGPoint().size();
            case ApplicationServices.VALUE_SIZE -> new Geometry.CGSize().size();
            case ApplicationServices.VALUE_RECT -> new Geometry.CGRect().size();
            case ApplicationServices.VALUE_RANGE -> new Geometry.CFRange().size();
            case ApplicationServices.VALUE_ERROR -> ERROR_BYTES;
            default -> 0;
        };
    }

    /** A zeroed buffer large enough for this type, or {@code null} for a type we do not know. */
    static Memory buffer(int type) {
        int bytes = bytes(type);
        if (bytes == 0) {
            return null;
        }
        Memory memory = new Memory(bytes);
        memory.clear();
        return memory;
    }

    /** The value {@code AXValueGetValue} wrote into {@code out} for this type. */
    static AxValue decode(int type, Pointer out) {
        return switch (type) {
            case ApplicationServices.VALUE_POINT -> new AxValue.Point(out.getDouble(0), out.getDouble(8));
            case ApplicationServices.VALUE_SIZE -> new AxValue.Size(out.getDouble(0), out.getDouble(8));
            case ApplicationServices.VALUE_RANGE -> new AxValue.Range(out.getLong(0), out.getLong(8));
            // a rectangle is read whole but the executor asks for AXPosition and AXSize, never AXFrame
            default -> new AxValue.Other();
        };
    }
}
