package org.praefectus.macos.jna;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.sun.jna.Memory;
import org.junit.jupiter.api.Test;
import org.praefectus.macos.ax.AxValue;

/**
 * Issue #41 defect 1: {@code AXValueGetValue} writes the whole struct of the value's type, so the buffer
 * {@link NativeAx} hands it must be as large as that struct. The sizes are AXValue.h's and CGGeometry.h's on a
 * 64-bit Mac ({@code CGFloat} and {@code CFIndex} are 8 bytes, {@code AXError} 4), checked against the JNA
 * layouts on this machine; a fixed 16-byte buffer failed the rectangle.
 */
class AxValueGetValueBufferTest {

    @Test
    void aRectangleGetsThirtyTwoBytes() {
        assertEquals(32, AxValueLayout.bytes(ApplicationServices.VALUE_RECT));
        assertEquals(32, AxValueLayout.buffer(ApplicationServices.VALUE_RECT).size());
    }

    @Test
    void everyTypeGetsItsDocumentedStructSize() {
        assertEquals(16, AxValueLayout.bytes(ApplicationServices.VALUE_POINT));
        assertEquals(16, AxValueLayout.bytes(ApplicationServices.VALUE_SIZE));
        assertEquals(16, AxValueLayout.bytes(ApplicationServices.VALUE_RANGE));
        assertEquals(4, AxValueLayout.bytes(ApplicationServices.VALUE_ERROR));
    }

    @Test
    void anUnknownTypeIsNeverRead() {
        assertEquals(0, AxValueLayout.bytes(0));
        assertNull(AxValueLayout.buffer(0));
        assertNull(AxValueLayout.buffer(6));
    }

    @Test
    void theStructsAreReadAtTheirDocumentedOffsets() {
        Memory point = AxValueLayout.buffer(ApplicationServices.VALUE_POINT);
        point.setDouble(0, 12.5);
        point.setDouble(8, -3);
        assertEquals(new AxValue.Point(12.5, -3), AxValueLayout.decode(ApplicationServices.VALUE_POINT, point));

        Memory range = AxValueLayout.buffer(ApplicationServices.VALUE_RANGE);
        range.setLong(0, 7);
        range.setLong(8, 40_000_000_000L);
        assertEquals(
                new AxValue.Range(7, 40_000_000_000L), AxValueLayout.decode(ApplicationServices.VALUE_RANGE, range));

        Memory size = AxValueLayout.buffer(ApplicationServices.VALUE_SIZE);
        size.setDouble(0, 640);
        size.setDouble(8, 480);
        assertEquals(new AxValue.Size(640, 480), AxValueLayout.decode(ApplicationServices.VALUE_SIZE, size));
    }
}
