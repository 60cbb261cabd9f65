package org.praefectus.macos.ax;

import java.util.List;

/** One accessibility attribute value, as far as the executor reads them. */
public sealed interface AxValue {

    /** The attribute is absent, unsupported or has no value. */
    record Missing() implements AxValue {
        /**
         * The shared absent value. It lives here, not in {@code AxValue}: a constant of a subtype in the
         * interface would make the two initialise each other, which can deadlock two threads.
         */
        public static final Missing INSTANCE = new Missing();
    }

    /** A {@code CFString}. */
    record Text(String value) implements AxValue {}

    /** A {@code CFBoolean}. */
    record Flag(boolean value) implements AxValue {}

    /** A {@code CFNumber}. */
    record Numeric(double value) implements AxValue {}

    /** An {@code AXValue} of type {@code kAXValueCGPointType}. */
    record Point(double x, double y) implements AxValue {}

    /** An {@code AXValue} of type {@code kAXValueCGSizeType}. */
    record Size(double width, double height) implements AxValue {}

    /** An {@code AXValue} of type {@code kAXValueCFRangeType}. */
    record Range(long location, long length) implements AxValue {}

    /** One element ({@code AXUIElementRef}). */
    record Element(AxElement element) implements AxValue {}

    /** A {@code CFArray} of elements. */
    record Elements(List<AxElement> elements) implements AxValue {
        public Elements {
            elements = List.copyOf(elements);
        }
    }

    /** Any other type: present, but not read. */
    record Other() implements AxValue {}

    /** The text, or {@code null} when this is not text. */
    default String text() {
        return this instanceof Text text ? text.value() : null;
    }

    /** The boolean, or {@code fallback} when this is not a boolean. */
    default boolean flag(boolean fallback) {
        return this instanceof Flag flag ? flag.value() : fallback;
    }
}
