package org.praefectus.linux.atspi;

import java.util.List;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.DispatchException;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.protocol.FailureCode;
import org.praefectus.api.selector.NumericValue;

/**
 * The target-addressed AT-SPI effects: the element's own activation action, its Value (a slider's number), the item a
 * combo box chooses or a list or table selects ({@link ItemSelection}), its EditableText contents (set whole, or typed at the caret) and its Text selection.
 * No pointer or keyboard input is synthesised. Each is one D-Bus call, made only after the live element
 * passed every fence; the call itself is the effect, so a failure or a stop after it is an unknown outcome.
 */
public final class SemanticActions {

    /** Longest value {@code set_value} writes, in UTF-8 bytes. */
    static final int MAX_VALUE_BYTES = 16 * 1024;

    private final AtspiBus bus;

    public SemanticActions(AtspiBus bus) {
        this.bus = bus;
    }

    /** Performs the element's one activation action ({@code activate}, {@code click} or {@code press}). */
    public void invoke(LiveElement element, CancellationToken cancellation, long deadlineAtMs)
            throws DispatchException {
        if (!element.actionable() || !element.actionability().invokable() || element.invokeAction() < 0) {
            throw notActionable("semantic target is not actionable");
        }
        DispatchException.checkBeforeEffect(cancellation, deadlineAtMs, false);
        effect(bus.doAction(element.object(), element.invokeAction()), cancellation, deadlineAtMs);
    }

    /**
     * Sets what the element holds: its number through Value when it holds one (a slider, a spin button), else its
     * whole text through EditableText.
     */
    public void setValue(LiveElement element, String value, CancellationToken cancellation, long deadlineAtMs)
            throws DispatchException {
        requireValid(value);
        if (element.numeric()) {
            setNumber(element, value, cancellation, deadlineAtMs);
            return;
        }
        if (element.choice()) {
            choose(element, value, cancellation, deadlineAtMs);
            return;
        }
        AccessibleNode observed =
                element.snapshot().window().application().nodes().get(element.object());
        if (observed != null && observed.itemContainer()) {
            new ItemSelection(bus).select(element, observed, value, cancellation, deadlineAtMs);
            return;
        }
        if (!element.actionable() || !element.actionability().editable() || element.valueHash() == null) {
            throw notActionable("semantic target is not editable");
        }
        DispatchException.checkBeforeEffect(cancellation, deadlineAtMs, false);
        effect(bus.setTextContents(element.object(), value), cancellation, deadlineAtMs);
        caretAt(element, value.codePointCount(0, value.length()), deadlineAtMs);
    }

    /**
     * Sets a number within the element's bounds. It is signed in {@link NumericValue}'s written form (the form its
     * value hash is read back in), so any other text, a number outside {@code MinimumValue..MaximumValue} or an
     * element whose bounds cannot be read is refused before the effect.
     */
    private void setNumber(LiveElement element, String value, CancellationToken cancellation, long deadlineAtMs)
            throws DispatchException {
        if (!element.actionable()) {
            throw notActionable("semantic target is not actionable");
        }
        Double number = NumericValue.parse(value).orElse(null);
        if (number == null || !NumericValue.canonical(number).equals(value)) {
            throw DispatchException.noEffect(
                    "the value of a slider or spin button is a plain decimal number such as 42 or 0.5");
        }
        java.util.Map<String, Double> bounds;
        try {
            bounds = bus.valueProperties(element.object()).await(cancellation, deadlineAtMs);
        } catch (ExecutorException e) {
            throw DispatchException.unsupported("semantic target has no readable value range");
        }
        Double min = bounds.get("MinimumValue");
        Double max = bounds.get("MaximumValue");
        if (min == null || max == null || max <= min) {
            throw DispatchException.unsupported("semantic target has no value range to set");
        }
        if (number < min || number > max) {
            throw DispatchException.noEffect("the value is outside the element's range " + NumericValue.canonical(min)
                    + " to " + NumericValue.canonical(max));
        }
        DispatchException.checkBeforeEffect(cancellation, deadlineAtMs, false);
        effect(bus.setCurrentValue(element.object(), number), cancellation, deadlineAtMs);
    }

    /**
     * Chooses the combo box's one item named {@code value} (its items are the children of its menu or list, as the
     * observation's walk found them), by index through Selection: no pointer, no popup. No item, or more than one,
     * of that name is refused before the effect; the chosen name is verified by the value hash read back.
     */
    private void choose(LiveElement element, String value, CancellationToken cancellation, long deadlineAtMs)
            throws DispatchException {
        if (!element.actionable()) {
            throw notActionable("semantic target is not actionable");
        }
        ApplicationTree tree = element.snapshot().window().application();
        List<AtspiObject> popups = tree.childrenOf(element.object());
        AtspiObject chosen = null;
        int named = 0;
        if (popups.size() == 1) {
            for (AtspiObject item : tree.childrenOf(popups.get(0))) {
                AccessibleNode node = tree.nodes().get(item);
                if (node != null && node.name().equals(value)) {
                    chosen = item;
                    named++;
                }
            }
        }
        if (named != 1) {
            throw DispatchException.noEffect(
                    named == 0
                            ? "the combo box has no item of that name"
                            : "the combo box has several items of that name");
        }
        // the item's place among its menu's children, asked of the toolkit: Selection counts in that order, the
        // cache the tree was read from lists children in any order
        int index;
        try {
            index = bus.indexInParent(chosen).await(cancellation, deadlineAtMs);
        } catch (ExecutorException e) {
            throw DispatchException.noEffect("the combo box's item could not be placed");
        }
        if (index < 0) {
            throw DispatchException.noEffect("the combo box's item could not be placed");
        }
        DispatchException.checkBeforeEffect(cancellation, deadlineAtMs, false);
        effect(bus.selectChild(element.object(), index), cancellation, deadlineAtMs);
    }

    /**
     * Types {@code text} into an editable text without synthesised keys: inserted at the caret
     * ({@code EditableText.InsertText} at {@code Text.CaretOffset}), or, when {@code clear}, replacing the whole
     * text. Succeeds only when the text read back is exactly the old text with {@code text} at the caret (or
     * exactly {@code text}); the text is read to check, never returned or logged.
     */
    public void typeText(
            LiveElement element, String text, boolean clear, CancellationToken cancellation, long deadlineAtMs)
            throws DispatchException {
        requireValid(text);
        if (!element.actionable() || !element.actionability().editable()) {
            throw notActionable("semantic target is not editable");
        }
        String before;
        int caret;
        try {
            PendingCall<String> pendingText = bus.text(element.object());
            PendingCall<Integer> pendingCaret = bus.caretOffset(element.object());
            before = pendingText.await(cancellation, deadlineAtMs);
            caret = pendingCaret.await(cancellation, deadlineAtMs);
        } catch (ExecutorException e) {
            throw DispatchException.unsupported("semantic target has no readable text or caret");
        }
        if (before == null) {
            throw DispatchException.unsupported("semantic target has no readable text");
        }
        int characters = before.codePointCount(0, before.length());
        // a caret outside the text (-1: none) inserts at the end, where a person's next keystroke would go
        int at = caret < 0 || caret > characters ? characters : caret;
        String expected;
        PendingCall<Boolean> call;
        DispatchException.checkBeforeEffect(cancellation, deadlineAtMs, false);
        if (clear) {
            expected = text;
            call = bus.setTextContents(element.object(), text);
        } else {
            int split = before.offsetByCodePoints(0, at);
            expected = before.substring(0, split) + text + before.substring(split);
            call = bus.insertText(element.object(), at, text);
        }
        effect(call, cancellation, deadlineAtMs);
        String after;
        try {
            after = bus.text(element.object())
                    .await(new CancellationToken(), Math.max(deadlineAtMs, System.currentTimeMillis() + 1));
        } catch (ExecutorException e) {
            throw DispatchException.ambiguous("accessibility outcome is unknown");
        }
        if (!expected.equals(after)) {
            throw DispatchException.ambiguous("the text read back differs from the typed result");
        }
        caretAt(
                element,
                clear ? text.codePointCount(0, text.length()) : at + text.codePointCount(0, text.length()),
                deadlineAtMs);
    }

    /**
     * Puts the caret where a person's ends after typing the text that was just set or inserted, so the next text
     * follows it: a toolkit that keeps its caret where it was (GtkEntry keeps it before an insertion and at 0 after
     * its text is set) would otherwise put the next text in front. The text is already verified: a caret that does
     * not move changes no outcome.
     */
    private void caretAt(LiveElement element, int offset, long deadlineAtMs) {
        try {
            bus.setCaretOffset(element.object(), offset)
                    .await(new CancellationToken(), Math.max(deadlineAtMs, System.currentTimeMillis() + 1));
        } catch (ExecutorException ignored) {
            // the caret stays where the toolkit left it
        }
    }

    private static void requireValid(String value) throws DispatchException {
        if (value.indexOf('\0') >= 0
                || value.getBytes(java.nio.charset.StandardCharsets.UTF_8).length > MAX_VALUE_BYTES) {
            throw DispatchException.noEffect("value is invalid");
        }
    }

    /**
     * Selects {@code length} characters from {@code start} through Text ({@code SetSelection} of the first
     * selection, or {@code AddSelection} when there is none); succeeds only when the first selection read back
     * is exactly that range. The text is read (never returned or logged) to refuse a range outside it.
     */
    public void selectText(
            LiveElement element, long start, long length, CancellationToken cancellation, long deadlineAtMs)
            throws DispatchException {
        if (!element.actionable()) {
            throw notActionable("semantic target is not actionable");
        }
        if (length == 0 || start + length > Integer.MAX_VALUE) {
            throw DispatchException.noEffect("selection range is invalid");
        }
        String text;
        int selections;
        try {
            PendingCall<String> pendingText = bus.text(element.object());
            PendingCall<Integer> pendingCount = bus.selectionCount(element.object());
            text = pendingText.await(cancellation, deadlineAtMs);
            selections = pendingCount.await(cancellation, deadlineAtMs);
        } catch (ExecutorException e) {
            throw DispatchException.unsupported("semantic target has no selectable text");
        }
        if (text == null || start + length > text.codePointCount(0, text.length())) {
            throw DispatchException.noEffect("selection range is outside the text");
        }
        int from = (int) start;
        int to = (int) (start + length);
        DispatchException.checkBeforeEffect(cancellation, deadlineAtMs, false);
        effect(
                selections > 0
                        ? bus.setSelection(element.object(), from, to)
                        : bus.addSelection(element.object(), from, to),
                cancellation,
                deadlineAtMs);
        SelectionRange selected;
        try {
            selected = bus.selection(element.object())
                    .await(new CancellationToken(), Math.max(deadlineAtMs, System.currentTimeMillis() + 1));
        } catch (ExecutorException e) {
            throw DispatchException.ambiguous("accessibility outcome is unknown");
        }
        if (selected.start != from || selected.end != to) {
            throw DispatchException.ambiguous("the selection read back differs from the request");
        }
    }

    private static void effect(PendingCall<Boolean> call, CancellationToken cancellation, long deadlineAtMs)
            throws DispatchException {
        boolean done;
        try {
            // the request is on the wire: from here on nothing is "before effect"
            done = call.await(new CancellationToken(), Math.max(deadlineAtMs, System.currentTimeMillis() + 1));
        } catch (ExecutorException e) {
            throw DispatchException.ambiguous("accessibility outcome is unknown");
        }
        if (!done || cancellation.isCancelled() || System.currentTimeMillis() >= deadlineAtMs) {
            throw DispatchException.ambiguous("accessibility outcome is unknown");
        }
    }

    static DispatchException notActionable(String message) {
        return new DispatchException(
                org.praefectus.api.executor.EffectKnowledge.NO_EFFECT, FailureCode.STALE_TARGET, message);
    }
}
