package org.praefectus.linux.atspi;

import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.DispatchException;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.protocol.FailureCode;

/**
 * The target-addressed AT-SPI effects: the element's own activation action, its EditableText contents and
 * its Text selection.
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

    /** Replaces the element's text through EditableText. */
    public void setValue(LiveElement element, String value, CancellationToken cancellation, long deadlineAtMs)
            throws DispatchException {
        if (value.indexOf('\0') >= 0
                || value.getBytes(java.nio.charset.StandardCharsets.UTF_8).length > MAX_VALUE_BYTES) {
            throw DispatchException.noEffect("value is invalid");
        }
        if (!element.actionable() || !element.actionability().editable() || element.valueHash() == null) {
            throw notActionable("semantic target is not editable");
        }
        DispatchException.checkBeforeEffect(cancellation, deadlineAtMs, false);
        effect(bus.setTextContents(element.object(), value), cancellation, deadlineAtMs);
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
