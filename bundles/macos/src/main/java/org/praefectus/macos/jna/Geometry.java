package org.praefectus.macos.jna;

import com.sun.jna.Structure;

/**
 * The C structs of the mappings (CGGeometry.h, CFBase.h), 64-bit layouts: {@code CGFloat} and {@code CFIndex}
 * are 8 bytes. They live outside the {@code Library} interfaces on purpose: JNA reads a nested struct's options
 * from its enclosing library, which loads that library, so a struct nested in {@code CoreGraphics} could not
 * even be laid out (let alone checked) off macOS.
 */
final class Geometry {

    private Geometry() {}

    /** {@code CGPoint}. */
    @Structure.FieldOrder({"x", "y"})
    public static class CGPoint extends Structure implements Structure.ByValue {
        public double x;
        public double y;

        public CGPoint() {}

        public CGPoint(double x, double y) {
            this.x = x;
            this.y = y;
        }
    }

    /** {@code CGSize}. */
    @Structure.FieldOrder({"width", "height"})
    public static class CGSize extends Structure {
        public double width;
        public double height;
    }

    /** {@code CGRect}: origin, then size. */
    @Structure.FieldOrder({"x", "y", "width", "height"})
    public static class CGRect extends Structure {
        public double x;
        public double y;
        public double width;
        public double height;

        public static class ByValue extends CGRect implements Structure.ByValue {}

        public static class ByReference extends CGRect implements Structure.ByReference {}
    }

    /** {@code CFRange}, passed by value. */
    @Structure.FieldOrder({"location", "length"})
    public static class CFRange extends Structure implements Structure.ByValue {
        public long location;
        public long length;

        public CFRange() {}

        public CFRange(long location, long length) {
            this.location = location;
            this.length = length;
        }
    }
}
