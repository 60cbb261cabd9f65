package org.praefectus.linux.atspi;

import org.praefectus.api.canonical.JsonValue;
import org.praefectus.api.protocol.Actionability;
import org.praefectus.api.protocol.Rect;

/**
 * A fenced target after it was checked against the live desktop.
 *
 * @param snapshot        the observation it came from
 * @param object          the accessible object
 * @param fingerprintHash its live fingerprint, equal to the observed one
 * @param actionability   live actionability; {@code stable} means two live reads agreed
 * @param invokeAction    the index of its one activation action, or -1
 * @param valueHash       SHA-256 hex of its number ({@code NumericValue}'s form) or text, or {@code null} when not
 *                        read or neither
 * @param numeric         it holds a number a person sets (AT-SPI Value): set_value sets that, not its text
 * @param choice          a combo box choosing one of its items: set_value chooses the item of that name
 * @param bounds          its live screen extents, or {@code null} when it has no on-screen area
 * @param state           its live states
 */
public record LiveElement(
        StoredSnapshot snapshot,
        AtspiObject object,
        String fingerprintHash,
        Actionability actionability,
        int invokeAction,
        String valueHash,
        boolean numeric,
        boolean choice,
        Rect bounds,
        AtspiState state) {

    /** The state verification compares: actionability and, when read, the value hash (never the value). */
    public JsonValue verificationState() {
        JsonValue.JsonObject.Builder state = JsonValue.JsonObject.builder()
                .put(
                        "actionability",
                        JsonValue.JsonObject.builder()
                                .put("visible", actionability.visible())
                                .put("enabled", actionability.enabled())
                                .put("unambiguous", actionability.unambiguous())
                                .put("stable", actionability.stable())
                                .put("receives_events", actionability.receivesEvents())
                                .put("invokable", actionability.invokable())
                                .put("editable", actionability.editable())
                                .build());
        if (valueHash != null) {
            state.put("value_hash", valueHash);
        }
        return state.build();
    }

    /** Visible, enabled, unambiguous and stable: what every semantic action needs. */
    public boolean actionable() {
        return actionability.visible()
                && actionability.enabled()
                && actionability.unambiguous()
                && actionability.stable();
    }

    @Override
    public String toString() {
        return "LiveElement[redacted]";
    }
}
