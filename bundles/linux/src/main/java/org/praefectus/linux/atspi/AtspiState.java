package org.praefectus.linux.atspi;

import java.util.List;
import org.freedesktop.dbus.types.UInt32;

/**
 * AT-SPI2 state bits ({@code AtspiStateType}); the wire form is two 32-bit words, lowest bits first.
 *
 * @param bits the state set as one 64-bit word
 */
public record AtspiState(long bits) {

    public static final int ACTIVE = 1;
    public static final int BUSY = 3;
    public static final int DEFUNCT = 5;
    public static final int EDITABLE = 7;
    public static final int ENABLED = 8;
    public static final int FOCUSABLE = 11;
    public static final int FOCUSED = 12;
    public static final int ICONIFIED = 17;
    public static final int MANAGES_DESCENDANTS = 19;
    public static final int SENSITIVE = 24;
    public static final int SHOWING = 25;
    public static final int VISIBLE = 30;
    public static final int READ_ONLY = 41;

    /**
     * The states that decide actionability; the element fingerprint carries only these. Window activation
     * is not among them: focus moving to another window does not change what an element is.
     */
    private static final int[] RELEVANT = {
        BUSY, DEFUNCT, EDITABLE, ENABLED, FOCUSABLE, ICONIFIED, READ_ONLY, SENSITIVE, SHOWING, VISIBLE
    };
    /** The states a surface fingerprint carries. */
    private static final int[] SURFACE = {DEFUNCT, ICONIFIED, SHOWING, VISIBLE};

    /** The state set from its D-Bus form {@code au}. */
    public static AtspiState of(List<UInt32> words) {
        long bits = 0;
        for (int i = 0; i < Math.min(2, words.size()); i++) {
            bits |= (words.get(i).longValue() & 0xFFFF_FFFFL) << (32 * i);
        }
        return new AtspiState(bits);
    }

    /** Whether the state is set. */
    public boolean has(int state) {
        return (bits & (1L << state)) != 0;
    }

    /** Showing, visible, not defunct and not iconified. */
    public boolean visible() {
        return has(VISIBLE) && has(SHOWING) && !has(DEFUNCT) && !has(ICONIFIED);
    }

    /** Enabled, sensitive and not busy. */
    public boolean enabled() {
        return has(ENABLED) && has(SENSITIVE) && !has(BUSY);
    }

    /** Only the actionability states, so unrelated changes (selection, hover) do not break a fence. */
    public long relevant() {
        return mask(RELEVANT);
    }

    /** Only the states a surface fingerprint carries. */
    public long surface() {
        return mask(SURFACE);
    }

    private long mask(int[] states) {
        long masked = 0;
        for (int state : states) {
            masked |= bits & (1L << state);
        }
        return masked;
    }
}
