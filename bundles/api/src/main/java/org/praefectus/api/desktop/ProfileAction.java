package org.praefectus.api.desktop;

import org.praefectus.api.protocol.MouseButton;
import org.praefectus.api.protocol.RequestValidation;

/**
 * One input action at a profile target, as every surface parses it.
 *
 * @param aim        the profile, target and window
 * @param verb       {@link #CLICK}, {@link #TYPE_INTO} or {@link #DRAG}: the profile verb the target must support
 * @param button     a click's button
 * @param count      a click's clicks (1–3)
 * @param text       what {@code type_into} types, else {@code null}
 * @param clear      {@code type_into}: replace the target's whole text instead of inserting at its caret
 * @param fromRatio  {@code drag}: the start as fractions {rx, ry} of the target's bounds, else {@code null}
 * @param toRatio    {@code drag}: the end, likewise
 * @param durationMs {@code drag}: how long its path takes (signed in the drag), or {@code null}
 * @param dryRun     show what would be signed; sign and dispatch nothing
 * @param verify     after a succeeded action, require the target to be found again
 */
public record ProfileAction(
        ProfileAim aim,
        String verb,
        MouseButton button,
        int count,
        String text,
        boolean clear,
        double[] fromRatio,
        double[] toRatio,
        Long durationMs,
        boolean dryRun,
        boolean verify) {

    public static final String CLICK = "click";
    public static final String TYPE_INTO = "type-into";
    public static final String DRAG = "drag";

    /** Longest text {@code type_into} takes, in UTF-8 bytes: an input verb's bound. */
    public static final int MAX_TEXT_BYTES = InputLimits.MAX_TEXT_BYTES;

    public ProfileAction {
        if (aim == null || aim.target() == null) {
            throw new IllegalArgumentException("a profile action needs the app and the target");
        }
        button = button == null ? MouseButton.LEFT : button;
        switch (verb) {
            case CLICK -> {
                if (count < 1 || count > 3) {
                    throw new IllegalArgumentException("a click is one to three clicks");
                }
            }
            case TYPE_INTO -> {
                if (text == null || text.getBytes(java.nio.charset.StandardCharsets.UTF_8).length > MAX_TEXT_BYTES) {
                    throw new IllegalArgumentException("type-into needs a text of at most 64 KiB");
                }
            }
            case DRAG -> {
                if (!ratio(fromRatio) || !ratio(toRatio)) {
                    throw new IllegalArgumentException("a drag needs from and to ratios, each two fractions 0..1");
                }
                if (durationMs != null && (durationMs < 0 || durationMs > RequestValidation.MAX_PATH_DURATION_MS)) {
                    throw new IllegalArgumentException("the drag's duration is out of range");
                }
                if (button != MouseButton.LEFT) {
                    throw new IllegalArgumentException("a profile drag uses the left button");
                }
            }
            default -> throw new IllegalArgumentException("a profile action is click, type-into or drag");
        }
        if (clear && !verb.equals(TYPE_INTO)) {
            throw new IllegalArgumentException("only type-into clears");
        }
        fromRatio = fromRatio == null ? null : fromRatio.clone();
        toRatio = toRatio == null ? null : toRatio.clone();
    }

    private static boolean ratio(double[] ratio) {
        return ratio != null && ratio.length == 2 && ratio[0] >= 0 && ratio[0] <= 1 && ratio[1] >= 0 && ratio[1] <= 1;
    }

    /** A click at the target with the left button. */
    public static ProfileAction click(ProfileAim aim, boolean dryRun, boolean verify) {
        return new ProfileAction(aim, CLICK, MouseButton.LEFT, 1, null, false, null, null, null, dryRun, verify);
    }

    /** {@code text} typed into the target, or (with {@code clear}) replacing its text. */
    public static ProfileAction typeInto(ProfileAim aim, String text, boolean clear, boolean dryRun, boolean verify) {
        return new ProfileAction(aim, TYPE_INTO, MouseButton.LEFT, 1, text, clear, null, null, null, dryRun, verify);
    }

    /** A drag inside the target between two points given as fractions of its bounds. */
    public static ProfileAction drag(
            ProfileAim aim, double[] fromRatio, double[] toRatio, Long durationMs, boolean dryRun, boolean verify) {
        return new ProfileAction(
                aim, DRAG, MouseButton.LEFT, 1, null, false, fromRatio, toRatio, durationMs, dryRun, verify);
    }

    @Override
    public String toString() {
        return "ProfileAction[" + verb + ", " + aim + ", redacted]";
    }
}
