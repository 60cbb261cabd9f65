package org.praefectus.linux.atspi;

import java.util.ArrayList;
import java.util.List;
import org.freedesktop.dbus.types.UInt32;

/**
 * AT-SPI2 state bits ({@code AtspiStateType} of at-spi2-core's {@code atspi-constants.h}); the wire form is
 * two 32-bit words, lowest bits first.
 *
 * @param bits the state set as one 64-bit word
 */
public record AtspiState(long bits) {

    public static final int ACTIVE = 1;
    public static final int BUSY = 3;
    public static final int CHECKED = 4;
    public static final int COLLAPSED = 5;
    public static final int DEFUNCT = 6;
    public static final int EDITABLE = 7;
    public static final int ENABLED = 8;
    public static final int EXPANDABLE = 9;
    public static final int EXPANDED = 10;
    public static final int FOCUSABLE = 11;
    public static final int FOCUSED = 12;
    public static final int ICONIFIED = 15;
    public static final int MULTI_LINE = 17;
    public static final int OPAQUE = 19;
    public static final int MULTISELECTABLE = 18;
    public static final int SELECTED = 23;
    public static final int SENSITIVE = 24;
    public static final int SHOWING = 25;
    public static final int VISIBLE = 30;
    public static final int MANAGES_DESCENDANTS = 31;
    public static final int CHECKABLE = 41;
    public static final int READ_ONLY = 43;

    /**
     * Every state's name by its number, as {@code atspi_state_type} nicks spell them (the names PeekabooX
     * reports in {@code states}); index 0 is {@code invalid}.
     */
    static final List<String> NAMES = List.of(
            "invalid",
            "active",
            "armed",
            "busy",
            "checked",
            "collapsed",
            "defunct",
            "editable",
            "enabled",
            "expandable",
            "expanded",
            "focusable",
            "focused",
            "has-tooltip",
            "horizontal",
            "iconified",
            "modal",
            "multi-line",
            "multiselectable",
            "opaque",
            "pressed",
            "resizable",
            "selectable",
            "selected",
            "sensitive",
            "showing",
            "single-line",
            "stale",
            "transient",
            "vertical",
            "visible",
            "manages-descendants",
            "indeterminate",
            "required",
            "truncated",
            "animated",
            "invalid-entry",
            "supports-autocompletion",
            "selectable-text",
            "is-default",
            "visited",
            "checkable",
            "has-popup",
            "read-only");

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

    /** The names of the set states, in number order; bits beyond the known states are left out. */
    public List<String> names() {
        List<String> names = new ArrayList<>();
        for (int state = 0; state < NAMES.size(); state++) {
            if (has(state)) {
                names.add(NAMES.get(state));
            }
        }
        return names;
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
