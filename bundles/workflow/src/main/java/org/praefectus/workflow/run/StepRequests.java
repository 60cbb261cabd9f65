package org.praefectus.workflow.run;

import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import org.praefectus.api.desktop.ClipboardRestore;
import org.praefectus.api.desktop.ElementQuery;
import org.praefectus.api.desktop.ElementScope;
import org.praefectus.api.desktop.InputRequest;
import org.praefectus.api.desktop.WindowQuery;
import org.praefectus.api.protocol.MouseButton;
import org.praefectus.api.protocol.Rect;
import org.praefectus.api.selector.Selector;
import org.praefectus.api.selector.SelectorException;
import org.praefectus.api.workflow.WorkflowStep;
import org.praefectus.api.workflow.WorkflowValidationException;
import org.praefectus.workflow.model.HotkeyChord;
import org.praefectus.workflow.model.StepGeometry;

/**
 * A validated step as the typed desktop service's requests: an input verb's {@link InputRequest}, a lookup's
 * {@link ElementQuery}, a listing's {@link WindowQuery}. Every option that changes the effect is carried in the
 * request, where it is signed; the {@code backend} options name PeekabooX's injection tools and are not used here
 * (the engine routes each effect by the executor's capabilities).
 */
final class StepRequests {

    private StepRequests() {}

    /** The input verb of an input step, a dry run when the step or the run asks for one. */
    static InputRequest input(WorkflowStep step, boolean dryRun) throws WorkflowValidationException {
        String verb = InputRequest.VERB_OF_ACTION.get(step.canonicalAction());
        if (verb == null) {
            throw new IllegalArgumentException("not an input action");
        }
        boolean typing = verb.equals("type") || verb.equals("paste");
        Rect region = step.region() == null ? null : StepGeometry.region(step.region(), 0);
        return InputRequest.of(verb)
                .point(pair(
                        verb.equals("drag") ? step.fromX() : step.x(), verb.equals("drag") ? step.fromY() : step.y()))
                .relative(pair(step.relativeX(), step.relativeY()))
                .region(region)
                .ratio(
                        verb.equals("drag")
                                ? ratio(step.fromRatioX(), step.fromRatioY())
                                : ratio(step.ratioX(), step.ratioY()))
                .selector(step.selector() == null ? null : selector(step))
                .scope(scope(step))
                .fromCurrent(Boolean.TRUE.equals(step.fromCurrent()))
                .to(pair(step.toX(), step.toY()))
                .toRatio(ratio(step.toRatioX(), step.toRatioY()))
                .clamp("clamp".equals(step.boundsPolicy()))
                .button(button(step.button()))
                .text(typing ? step.value() : null)
                .keys(verb.equals("hotkey") ? HotkeyChord.keys(step.value()) : List.of())
                .repeat(step.repeat() == null ? 1 : Math.toIntExact(step.repeat()))
                .intervalMs(step.intervalMs() == null ? 0 : Math.toIntExact(step.intervalMs()))
                .delayMs(step.delayMs() == null ? 0 : Math.toIntExact(step.delayMs()))
                .pace(pace(step, verb))
                .restore(Boolean.TRUE.equals(step.restore()))
                .dryRun(dryRun || step.dryRunning())
                .clipboard(verb.equals("paste") ? clipboard(step) : null)
                .build();
    }

    /** The lookup of a {@code find_element} step, or of any step's {@code verify_selector}. */
    static ElementQuery lookup(WorkflowStep step, String selector, boolean visionFallback)
            throws WorkflowValidationException {
        return new ElementQuery(parse(selector, step.titleRegex()), scope(step), 0, visionFallback, null, null);
    }

    /** The listing of a {@code list_windows} step. */
    static WindowQuery windows(WorkflowStep step) {
        return new WindowQuery(
                step.windowId(),
                step.app(),
                step.windowTitle(),
                step.titleRegex() == null ? null : Pattern.compile(step.titleRegex()),
                false,
                0,
                null,
                step.backend() == null ? "auto" : step.backend(),
                false);
    }

    static ElementScope scope(WorkflowStep step) {
        return step.app() == null && step.windowTitle() == null && step.windowId() == null
                ? ElementScope.ALL
                : new ElementScope(step.app(), step.windowTitle(), step.windowId());
    }

    private static Selector selector(WorkflowStep step) throws WorkflowValidationException {
        return parse(step.selector(), step.titleRegex());
    }

    /** A selector with the step's {@code title_regex} as one more part (scopes match titles by containment only). */
    private static Selector parse(String selector, String titleRegex) throws WorkflowValidationException {
        try {
            Selector parsed = Selector.parse(selector);
            return titleRegex == null ? parsed : parsed.put("window-title-regex", titleRegex);
        } catch (SelectorException e) {
            throw new WorkflowValidationException(-1, "selector", e.getMessage());
        }
    }

    private static InputRequest.Pace pace(WorkflowStep step, String verb) {
        Long keyDelay = step.keyDelayMs();
        if (keyDelay == null && step.typingSpeedCharsPerSecond() != null) {
            keyDelay = Math.max(1, 1000 / step.typingSpeedCharsPerSecond());
        }
        boolean keyed = verb.equals("type") || verb.equals("hotkey");
        boolean path = verb.equals("move") || verb.equals("drag");
        return new InputRequest.Pace(
                keyed ? keyDelay : null,
                path ? step.durationMs() : null,
                path ? step.steps() : null,
                Boolean.TRUE.equals(step.releaseBefore()),
                Boolean.TRUE.equals(step.releaseAfter()));
    }

    private static ClipboardRestore clipboard(WorkflowStep step) {
        if (!Boolean.TRUE.equals(step.preserveClipboard())) {
            return null;
        }
        return step.restorePolicy() == null
                ? ClipboardRestore.BEST_EFFORT
                : ClipboardRestore.valueOf(
                        step.restorePolicy().replace('-', '_').toUpperCase(Locale.ROOT));
    }

    private static MouseButton button(String button) {
        return button == null ? MouseButton.LEFT : MouseButton.valueOf(button.toUpperCase(Locale.ROOT));
    }

    private static long[] pair(Long a, Long b) {
        return a == null || b == null ? null : new long[] {a, b};
    }

    private static double[] ratio(Double a, Double b) {
        return a == null || b == null ? null : new double[] {a, b};
    }
}
