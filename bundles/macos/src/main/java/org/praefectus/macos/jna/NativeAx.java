package org.praefectus.macos.jna;

import static org.praefectus.macos.jna.ApplicationServices.AX;
import static org.praefectus.macos.jna.CoreFoundation.CF;

import com.sun.jna.Memory;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.ByteByReference;
import com.sun.jna.ptr.DoubleByReference;
import com.sun.jna.ptr.IntByReference;
import com.sun.jna.ptr.LongByReference;
import com.sun.jna.ptr.PointerByReference;
import java.lang.ref.Cleaner;
import java.util.ArrayList;
import java.util.List;
import org.praefectus.macos.ax.AxApi;
import org.praefectus.macos.ax.AxElement;
import org.praefectus.macos.ax.AxValue;

/**
 * {@link AxApi} over ApplicationServices through JNA. Every handle owns one retain of its
 * {@code AXUIElementRef}, released by a {@link Cleaner} once the handle is unreachable; every copied value
 * is released before returning. Untested here: it runs only on macOS.
 */
public final class NativeAx implements AxApi {

    /** How long one AX message may wait for an application (seconds): a hung application cannot hang us. */
    static final float MESSAGING_TIMEOUT_SECONDS = 2.0f;

    private static final Cleaner CLEANER = Cleaner.create();

    /** One retained {@code AXUIElementRef}. */
    static final class Handle implements AxElement {
        final Pointer ref;

        Handle(Pointer ref) {
            this.ref = ref;
            CLEANER.register(this, () -> CF.CFRelease(ref));
        }

        @Override
        public String toString() {
            return "AXUIElement";
        }
    }

    private final Handle systemWide;

    public NativeAx() {
        this.systemWide = new Handle(AX.AXUIElementCreateSystemWide());
        // on the system-wide element the timeout becomes the default for every element
        AX.AXUIElementSetMessagingTimeout(systemWide.ref, MESSAGING_TIMEOUT_SECONDS);
    }

    private static Pointer ref(AxElement element) {
        return ((Handle) element).ref;
    }

    @Override
    public boolean trusted() {
        return AX.AXIsProcessTrusted() != 0;
    }

    @Override
    public AxElement application(long processId) {
        return new Handle(AX.AXUIElementCreateApplication((int) processId));
    }

    @Override
    public AxElement systemWide() {
        return systemWide;
    }

    @Override
    public AxValue attribute(AxElement element, String attribute) {
        PointerByReference out = new PointerByReference();
        if (AX.AXUIElementCopyAttributeValue(ref(element), CoreFoundation.Strings.of(attribute), out) != SUCCESS
                || out.getValue() == null) {
            return AxValue.Missing.INSTANCE;
        }
        Pointer value = out.getValue();
        try {
            return convert(value);
        } finally {
            CF.CFRelease(value);
        }
    }

    @Override
    public List<AxValue> attributes(AxElement element, List<String> attributes) {
        Pointer[] names = new Pointer[attributes.size()];
        for (int i = 0; i < names.length; i++) {
            names[i] = CoreFoundation.Strings.of(attributes.get(i));
        }
        Pointer array = CF.CFArrayCreate(null, names, names.length, CoreFoundation.typeArrayCallbacks());
        List<AxValue> values = new ArrayList<>();
        PointerByReference out = new PointerByReference();
        try {
            if (array == null
                    || AX.AXUIElementCopyMultipleAttributeValues(ref(element), array, 0, out) != SUCCESS
                    || out.getValue() == null) {
                // one attribute at a time when the batched message is refused
                for (String attribute : attributes) {
                    values.add(attribute(element, attribute));
                }
                return values;
            }
            Pointer answers = out.getValue();
            try {
                for (int i = 0; i < names.length; i++) {
                    Pointer value = i < CF.CFArrayGetCount(answers) ? CF.CFArrayGetValueAtIndex(answers, i) : null;
                    values.add(value == null ? AxValue.Missing.INSTANCE : convert(value));
                }
            } finally {
                CF.CFRelease(answers);
            }
            return values;
        } finally {
            if (array != null) {
                CF.CFRelease(array);
            }
        }
    }

    /** A borrowed CF value as an {@link AxValue}; elements inside are retained for their handles. */
    private static AxValue convert(Pointer value) {
        long type = CF.CFGetTypeID(value);
        if (type == CF.CFStringGetTypeID()) {
            String text = CoreFoundation.Strings.read(value);
            return text == null ? new AxValue.Other() : new AxValue.Text(text);
        }
        if (type == CF.CFBooleanGetTypeID()) {
            return new AxValue.Flag(CF.CFBooleanGetValue(value) != 0);
        }
        if (type == CF.CFNumberGetTypeID()) {
            DoubleByReference number = new DoubleByReference();
            return CF.CFNumberGetValue(value, CoreFoundation.NUMBER_DOUBLE, number) != 0
                    ? new AxValue.Numeric(number.getValue())
                    : new AxValue.Other();
        }
        if (type == AX.AXUIElementGetTypeID()) {
            return new AxValue.Element(new Handle(CF.CFRetain(value)));
        }
        if (type == CF.CFArrayGetTypeID()) {
            long count = CF.CFArrayGetCount(value);
            List<AxElement> elements = new ArrayList<>();
            for (long i = 0; i < count; i++) {
                Pointer item = CF.CFArrayGetValueAtIndex(value, i);
                if (item == null || CF.CFGetTypeID(item) != AX.AXUIElementGetTypeID()) {
                    return new AxValue.Other();
                }
                elements.add(new Handle(CF.CFRetain(item)));
            }
            return new AxValue.Elements(elements);
        }
        if (type == AX.AXValueGetTypeID()) {
            int kind = AX.AXValueGetType(value);
            if (kind == ApplicationServices.VALUE_ERROR) {
                return AxValue.Missing.INSTANCE;
            }
            // AXValueGetValue writes the whole struct of the value's own type: a CGRect is 32 bytes
            Memory out = AxValueLayout.buffer(kind);
            if (out == null || AX.AXValueGetValue(value, kind, out) == 0) {
                return new AxValue.Other();
            }
            return AxValueLayout.decode(kind, out);
        }
        return new AxValue.Other();
    }

    @Override
    public long count(AxElement element, String attribute) {
        LongByReference count = new LongByReference();
        return AX.AXUIElementGetAttributeValueCount(ref(element), CoreFoundation.Strings.of(attribute), count)
                        == SUCCESS
                ? count.getValue()
                : -1;
    }

    @Override
    public boolean settable(AxElement element, String attribute) {
        ByteByReference settable = new ByteByReference();
        return AX.AXUIElementIsAttributeSettable(ref(element), CoreFoundation.Strings.of(attribute), settable)
                        == SUCCESS
                && settable.getValue() != 0;
    }

    @Override
    public List<String> actions(AxElement element) {
        PointerByReference out = new PointerByReference();
        if (AX.AXUIElementCopyActionNames(ref(element), out) != SUCCESS || out.getValue() == null) {
            return List.of();
        }
        Pointer names = out.getValue();
        try {
            List<String> actions = new ArrayList<>();
            long count = CF.CFArrayGetCount(names);
            for (long i = 0; i < count; i++) {
                Pointer name = CF.CFArrayGetValueAtIndex(names, i);
                if (name != null && CF.CFGetTypeID(name) == CF.CFStringGetTypeID()) {
                    String text = CoreFoundation.Strings.read(name);
                    if (text != null) {
                        actions.add(text);
                    }
                }
            }
            return actions;
        } finally {
            CF.CFRelease(names);
        }
    }

    @Override
    public int setText(AxElement element, String attribute, String value) {
        Pointer string = CoreFoundation.Strings.create(value);
        try {
            return AX.AXUIElementSetAttributeValue(ref(element), CoreFoundation.Strings.of(attribute), string);
        } finally {
            CF.CFRelease(string);
        }
    }

    @Override
    public int setFlag(AxElement element, String attribute, boolean value) {
        return AX.AXUIElementSetAttributeValue(
                ref(element), CoreFoundation.Strings.of(attribute), CoreFoundation.booleanValue(value));
    }

    @Override
    public int setRange(AxElement element, String attribute, long location, long length) {
        Memory range = AxValueLayout.buffer(ApplicationServices.VALUE_RANGE);
        range.setLong(0, location);
        range.setLong(8, length);
        Pointer value = AX.AXValueCreate(ApplicationServices.VALUE_RANGE, range);
        if (value == null) {
            return ATTRIBUTE_UNSUPPORTED;
        }
        try {
            return AX.AXUIElementSetAttributeValue(ref(element), CoreFoundation.Strings.of(attribute), value);
        } finally {
            CF.CFRelease(value);
        }
    }

    @Override
    public int perform(AxElement element, String action) {
        return AX.AXUIElementPerformAction(ref(element), CoreFoundation.Strings.of(action));
    }

    @Override
    public long processId(AxElement element) {
        IntByReference pid = new IntByReference();
        return AX.AXUIElementGetPid(ref(element), pid) == SUCCESS ? pid.getValue() : 0;
    }

    @Override
    public AxElement elementAt(double x, double y) {
        PointerByReference out = new PointerByReference();
        if (AX.AXUIElementCopyElementAtPosition(systemWide.ref, (float) x, (float) y, out) != SUCCESS
                || out.getValue() == null) {
            return null;
        }
        return new Handle(out.getValue());
    }

    @Override
    public boolean same(AxElement a, AxElement b) {
        return CF.CFEqual(ref(a), ref(b)) != 0;
    }
}
