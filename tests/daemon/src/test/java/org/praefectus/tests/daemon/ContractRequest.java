package org.praefectus.tests.daemon;

import java.util.List;

/**
 * One request of the cross-surface contract, written once and sent by every {@link ContractSurface} in its own wire
 * form. An element is named by a selector inside the window titled {@code windowTitle}; the keyboard verbs go to that
 * element where the surface's wire form can name one, else (gRPC's PeekabooX contract has no selector for them) to the
 * focused element, which the test makes the same one.
 */
sealed interface ContractRequest {

    /** {@code move_mouse} to the screen point. */
    record Move(int x, int y) implements ContractRequest {}

    /** {@code move_mouse} carrying one more field, {@code warp}, that no surface implements. */
    record MoveWithUnknownField(int x, int y) implements ContractRequest {}

    /** {@code click} at the screen point, the left button. */
    record ClickAt(int x, int y) implements ContractRequest {}

    /** {@code click} on the element {@code selector} finds in the window. */
    record ClickOn(String selector, String windowTitle) implements ContractRequest {}

    /** {@code drag} between two screen points, the left button held. */
    record Drag(int fromX, int fromY, int toX, int toY) implements ContractRequest {}

    /** {@code type_text} into the element, at its caret. */
    record Type(String text, String selector, String windowTitle) implements ContractRequest {}

    /** {@code paste_text} into the element, the clipboard given back afterwards. */
    record Paste(String text, String selector, String windowTitle) implements ContractRequest {}

    /** {@code hotkey}: one chord, e.g. {@code [shift, a]}, pressed with the element focused. */
    record Hotkey(List<String> keys, String selector, String windowTitle) implements ContractRequest {}

    /** {@code scroll}: wheel steps in {@code direction} over the element {@code selector} finds in the window. */
    record ScrollOn(String selector, String windowTitle, String direction, int amount) implements ContractRequest {}

    /** {@code scroll}: wheel steps in {@code direction} at the screen point. */
    record ScrollAt(int x, int y, String direction, int amount) implements ContractRequest {}
}
