package org.praefectus.cdp;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import org.praefectus.api.canonical.Sha256;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.DispatchException;
import org.praefectus.api.executor.EffectKnowledge;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.protocol.Action;
import org.praefectus.api.protocol.Direction;
import org.praefectus.api.protocol.FailureCode;
import org.praefectus.api.protocol.MouseButton;
import org.praefectus.api.protocol.VerificationPolicy;

/**
 * One dispatch on one observed node: the checks immediately before the effect, the one effect, and its proof.
 * Before the effect every refusal is "no effect"; once the effect command may have reached the page, every failure
 * is an unknown outcome.
 */
final class EffectSteps {

    private static final double MOVE_TOLERANCE = 1.0;

    private final PageSession session;
    private final ObservedPage page;
    private final ObservedPage.ObservedNode node;
    private final CancellationToken cancellation;
    private final long deadlineAtMs;

    EffectSteps(
            PageSession session,
            ObservedPage page,
            ObservedPage.ObservedNode node,
            CancellationToken cancellation,
            long deadlineAtMs) {
        this.session = session;
        this.page = page;
        this.node = node;
        this.cancellation = cancellation;
        this.deadlineAtMs = deadlineAtMs;
    }

    /** Whether the node is the document itself (tag {@code e1}), which is not an element. */
    private boolean documentRoot() {
        return node.semantics().role().equals("RootWebArea");
    }

    /** The element's own HTML activation, once (for a select's option: choosing it), proven for an option. */
    void invoke() throws DispatchException {
        if (documentRoot()) {
            throw DispatchException.unsupported("browser document root cannot be invoked");
        }
        if (!node.semantics().invokable() || !node.unambiguous()) {
            throw stale("browser target is not invokable");
        }
        PageSession.LiveNode live = revalidate();
        if (!live.semantics().invokable() || live.semantics().disabled()) {
            throw stale("browser target is not invokable");
        }
        live = actionable(live, false);
        JsonNode result = effect(live, PageFunctions.INVOKE);
        refuseIneligible(result, "browser target is not actionable");
        if (result.path("option").asBoolean(false) && !result.path("selected").asBoolean(false)) {
            throw unknown("browser option was not selected");
        }
        afterEffect();
    }

    /**
     * Brings the exact observed node, fenced and found outside the viewport, into view: scrolled by the browser as
     * little as needed, proven by the revalidated node's centre then lying inside the viewport.
     */
    private void reveal() throws DispatchException {
        DispatchException.checkBeforeEffect(cancellation, deadlineAtMs, false);
        if (!session.processMatches()) {
            throw stale("browser process changed");
        }
        try {
            session.reveal(page, node, deadlineAtMs);
        } catch (ChannelException | ExecutorException e) {
            throw unknown("browser reveal outcome is unknown");
        }
        JsonNode shown;
        try {
            shown = session.call(
                    session.revalidate(page, node, deadlineAtMs).objectId(),
                    PageFunctions.ACTIONABILITY,
                    true,
                    deadlineAtMs,
                    false,
                    false);
        } catch (ChannelException | ExecutorException e) {
            throw unknown("browser target changed while it was brought into view");
        }
        if (!shown.path("inView").asBoolean(false)) {
            throw unknown("browser target is still off-screen");
        }
        afterEffect();
    }

    /** The value through the element's own setter, then its hash read back from the same node. */
    void setValue(String value, VerificationPolicy verification) throws DispatchException {
        byte[] bytes = value.getBytes(StandardCharsets.UTF_8);
        String expected = Sha256.hex(bytes);
        if (!(verification instanceof VerificationPolicy.TargetValueHash hash)
                || !hash.sha256().equals(expected)) {
            throw DispatchException.noEffect("set_value needs target_value_hash verification of its value");
        }
        if (documentRoot()) {
            throw DispatchException.unsupported("browser document root has no value");
        }
        if (node.fileInput()) {
            upload(value, expected);
            return;
        }
        if (bytes.length > CdpExecutor.MAX_VALUE_BYTES) {
            throw DispatchException.noEffect("browser value is too large");
        }
        if (!valueTarget(node.semantics()) || !node.unambiguous()) {
            throw stale("browser target is not editable");
        }
        PageSession.LiveNode live = revalidate();
        if (!valueTarget(live.semantics()) || live.semantics().disabled()) {
            throw stale("browser target is not editable");
        }
        live = actionable(live, true);
        JsonNode result = effect(live, PageFunctions.SET_VALUE, value);
        refuseIneligible(result, "browser target is not editable");
        JsonNode after;
        try {
            after = session.call(live.objectId(), PageFunctions.STATE, false, deadlineAtMs, true, true);
        } catch (ChannelException e) {
            throw unknown("browser value outcome is unknown");
        }
        if (!after.path("connected").asBoolean(false)
                || !expected.equals(after.path("valueHash").asText(null))
                || after.path("valueLength").asLong(-1) != bytes.length) {
            throw unknown("browser value verification failed");
        }
        session.rememberValueSet(page.documentId(), node.backendNodeId(), expected);
        afterEffect();
    }

    /**
     * Types {@code text} into the fenced field: the field is focused in the same call that re-checks its fingerprint,
     * then the text goes through this page's own {@code Input.insertText} (page-addressed, never global input), one
     * code point at a time when a delay is asked; proven by the field holding the focus and exactly the value the
     * typing should leave. {@code pressReturn} then sends one Enter to the page.
     */
    void typeText(Action.TypeText type) throws DispatchException {
        if (documentRoot() || !node.semantics().editable() || !node.unambiguous()) {
            throw stale("browser target is not editable");
        }
        PageSession.LiveNode live = revalidate();
        if (!live.semantics().editable() || live.semantics().disabled()) {
            throw stale("browser target is not editable");
        }
        live = actionable(live, true);
        JsonNode focus = effect(live, PageFunctions.FOCUS, type.clear(), type.text());
        refuseIneligible(focus, "browser target is not editable");
        if (!focus.path("focused").asBoolean(false)) {
            throw unknown("browser target did not take the focus");
        }
        long delay = type.delayMs() == null ? 0 : type.delayMs();
        if (delay == 0) {
            input("Input.insertText", session.params().put("text", type.text()));
        } else {
            int[] codePoints = type.text().codePoints().toArray();
            for (int i = 0; i < codePoints.length; i++) {
                if (i > 0) {
                    pause(delay);
                }
                input("Input.insertText", session.params().put("text", Character.toString(codePoints[i])));
            }
        }
        JsonNode after;
        try {
            after = session.call(live.objectId(), PageFunctions.STATE, false, deadlineAtMs, true, true);
        } catch (ChannelException e) {
            throw unknown("browser typing outcome is unknown");
        }
        if (!after.path("active").asBoolean(false)
                || !focus.path("expectedHash")
                        .asText("")
                        .equals(after.path("valueHash").asText(null))
                || after.path("valueLength").asLong(-1)
                        != focus.path("expectedLength").asLong(-2)) {
            throw unknown("browser typing verification failed");
        }
        if (type.pressReturn()) {
            key(PageKeys.of("Enter"));
        }
        afterEffect();
    }

    /**
     * Presses one key {@code count} times on the fenced node: focused in the same call that re-checks its
     * fingerprint, then key down and up through this page's own {@code Input.dispatchKeyEvent}, each press answered
     * by the page before the next. On the document root it is a page-level key (Escape, PageDown): the document is
     * revalidated and the key goes where the page's focus is, as a person's would; nothing is focused.
     */
    void press(Action.Press press) throws DispatchException {
        PageKeys.Key key = PageKeys.of(press.key());
        if (key == null) {
            throw DispatchException.unsupported("browser key is unsupported");
        }
        if (documentRoot()) {
            revalidate();
            keys(key, press);
            afterEffect();
            return;
        }
        if (!node.unambiguous()) {
            throw stale("browser target cannot take keys");
        }
        PageSession.LiveNode live = revalidate();
        if (live.semantics().disabled()) {
            throw stale("browser target is disabled");
        }
        live = actionable(live, false);
        JsonNode focus = effect(live, PageFunctions.FOCUS, false, null);
        refuseIneligible(focus, "browser target cannot take keys");
        if (!focus.path("focused").asBoolean(false)) {
            throw unknown("browser target did not take the focus");
        }
        keys(key, press);
        afterEffect();
    }

    /**
     * A double or right (or middle) click on the fenced node, as a person's mouse would make it: after the full fence
     * (brought into view, visible, enabled, stable, receives events at its centre) one call checks the fingerprint's
     * watch and arms a guard ({@link PageFunctions#POINTER_ARM}), then this page's own {@code Input.dispatchMouseEvent}
     * moves to the centre and presses and releases {@code count} times. Proven by the guard: every mouse event landed
     * on the node; one that landed elsewhere was stopped and the outcome is unknown. A single left click is
     * {@code invoke}, the element's own activation, and is refused here: one form per concept. Child frames' elements
     * are not clicked (their viewport is not the page's).
     */
    void click(Action.Click click) throws DispatchException {
        if (click.button() == MouseButton.LEFT && click.count() == 1) {
            throw DispatchException.unsupported("a browser single left click is invoke");
        }
        pointer(click);
    }

    /**
     * Hovers the fenced node ({@code move} on an element): the same fence and guard as {@link #click}, then one
     * {@code mouseMoved} to its centre on this page; proven by the move landing on the node (a menu that opens on
     * hover then shows in the next observation).
     */
    void hover() throws DispatchException {
        pointer(null);
    }

    /** A click ({@code click} non-null) or a hover on the node: see {@link #click} and {@link #hover}. */
    private void pointer(Action.Click click) throws DispatchException {
        if (documentRoot() || node.frame().index() > 0) {
            throw DispatchException.unsupported("browser pointer input needs an element of the page's own frame");
        }
        if (!node.unambiguous()) {
            throw stale("browser target is ambiguous");
        }
        PageSession.LiveNode live = revalidate();
        if (live.semantics().disabled()) {
            throw stale("browser target is disabled");
        }
        live = actionable(live, false);
        JsonNode point = effect(live, PageFunctions.POINTER_ARM);
        refuseIneligible(point, "browser target does not receive events");
        double x = point.path("x").asDouble(Double.NaN);
        double y = point.path("y").asDouble(Double.NaN);
        if (!Double.isFinite(x) || !Double.isFinite(y)) {
            throw unknown("browser pointer point is unknown");
        }
        input("Input.dispatchMouseEvent", mouse("mouseMoved", x, y).put("button", "none"));
        long presses = click == null ? 0 : click.count();
        if (click != null) {
            String button = click.button().name().toLowerCase(java.util.Locale.ROOT);
            int buttons = switch (click.button()) {
                case LEFT -> 1;
                case RIGHT -> 2;
                case MIDDLE -> 4;
            };
            for (int i = 1; i <= presses; i++) {
                input(
                        "Input.dispatchMouseEvent",
                        mouse("mousePressed", x, y)
                                .put("button", button)
                                .put("buttons", buttons)
                                .put("clickCount", i));
                input(
                        "Input.dispatchMouseEvent",
                        mouse("mouseReleased", x, y)
                                .put("button", button)
                                .put("buttons", 0)
                                .put("clickCount", i));
            }
        }
        JsonNode hits;
        try {
            hits = session.call(live.objectId(), PageFunctions.POINTER_HITS, false, deadlineAtMs);
        } catch (ChannelException e) {
            throw unknown("browser pointer outcome is unknown");
        }
        // the move lands at least once (mousemove), each press twice (down and up)
        if (!hits.path("armed").asBoolean(false)
                || hits.path("misses").asInt(1) != 0
                || hits.path("hits").asInt(0) < 1 + 2 * presses) {
            throw unknown("browser pointer input did not land on the target alone");
        }
        afterEffect();
    }

    private com.fasterxml.jackson.databind.node.ObjectNode mouse(String type, double x, double y) {
        return session.params().put("type", type).put("x", x).put("y", y);
    }

    /** The press's {@code count} keys, {@code delay_ms} apart. */
    private void keys(PageKeys.Key key, Action.Press press) throws DispatchException {
        long delay = press.delayMs() == null ? 0 : press.delayMs();
        for (long i = 0; i < press.count(); i++) {
            if (i > 0 && delay > 0) {
                pause(delay);
            }
            key(key);
        }
    }

    private void key(PageKeys.Key key) throws DispatchException {
        input("Input.dispatchKeyEvent", key.event(session.params(), true));
        input("Input.dispatchKeyEvent", key.event(session.params(), false));
    }

    /** One input command to this page once the effect has begun: any failure leaves the outcome unknown. */
    private void input(String method, com.fasterxml.jackson.databind.node.ObjectNode params) throws DispatchException {
        DispatchException.checkBeforeEffect(cancellation, deadlineAtMs, true);
        if (!session.processMatches()) {
            throw unknown("browser process changed during input");
        }
        try {
            session.command(method, params, deadlineAtMs);
        } catch (ChannelException e) {
            throw unknown("browser input outcome is unknown");
        }
    }

    private void pause(long delayMs) throws DispatchException {
        try {
            Thread.sleep(delayMs);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw unknown("browser input was interrupted");
        }
    }

    /**
     * {@code amount} steps of this node's own scroll offset in one update, proven by the offset it reaches; on the
     * document root, of the page's own scroll offset; on a node outside the view, the node brought into view. Every scroll rule of this executor is here: unverified or by
     * {@code target_state}, and only an element's scroll verified ({@code target_state} of its offsets): the page's
     * moves the visual viewport every fence of this observation is bound to, its own included.
     */
    void scroll(Action.Scroll scroll, VerificationPolicy verification) throws DispatchException {
        if (!(verification instanceof VerificationPolicy.None
                || verification instanceof VerificationPolicy.TargetState)) {
            throw DispatchException.unsupported("browser scroll is unverified or verified by target_state");
        }
        Direction direction = scroll.direction();
        if (documentRoot() && !(verification instanceof VerificationPolicy.None)) {
            throw DispatchException.unsupported("browser page scroll moves the fenced viewport: it cannot be verified");
        }
        boolean horizontal = direction == Direction.LEFT || direction == Direction.RIGHT;
        // amount steps in one offset update (the page clamps it at its end): a page is crossed in a few acts
        long step = (long) CdpExecutor.SCROLL_STEP * scroll.amount();
        long delta = direction == Direction.UP || direction == Direction.LEFT ? -step : step;
        PageSession.LiveNode live = revalidate();
        JsonNode result;
        if (documentRoot()) {
            result = effect(live, PageFunctions.PAGE_SCROLL, horizontal ? "x" : "y", delta);
            refuseIneligible(result, "browser page cannot scroll that way");
        } else {
            if (live.semantics().disabled() || live.semantics().hidden()) {
                throw stale("browser target is not scrollable");
            }
            JsonNode seen = probe(live);
            if (seen.path("visible").asBoolean(false) && !seen.path("inView").asBoolean(false)) {
                // a scroll aimed at an element outside the view reveals it: the one scroll an agent needs to reach it
                if (!(verification instanceof VerificationPolicy.None)) {
                    throw DispatchException.unsupported("browser scroll into view is unverified");
                }
                reveal();
                return;
            }
            live = actionable(live, false);
            JsonNode scrollable;
            try {
                scrollable = session.call(live.objectId(), PageFunctions.SCROLL_STATE, false, deadlineAtMs);
            } catch (ChannelException e) {
                throw stale("browser target changed");
            }
            String name = direction.name().toLowerCase(java.util.Locale.ROOT);
            if (!scrollable.path("receives").asBoolean(false)) {
                // the seed's exact hit target: a hit on a descendant is not a hit on this node
                throw stale("browser target is not the exact hit target");
            }
            if (!scrollable.path(name).asBoolean(false)) {
                throw stale("browser target is not scrollable");
            }
            result = effect(live, PageFunctions.SCROLL, horizontal ? "x" : "y", delta);
            refuseIneligible(result, "browser target is not scrollable");
        }
        JsonNode before = result.path("before");
        JsonNode intended = result.path("intended");
        JsonNode after = result.path("after");
        if (!before.isNumber() || !intended.isNumber() || !after.isNumber()) {
            throw unknown("browser scroll outcome is unknown");
        }
        boolean moved = delta < 0 ? after.asDouble() < before.asDouble() : after.asDouble() > before.asDouble();
        if (after.asDouble() != intended.asDouble() || !moved) {
            throw unknown("browser scroll did not reach its offset");
        }
        afterEffect();
    }

    /**
     * Gives a file input the named files of the host's upload folder (one name per line), through the browser's own
     * {@code DOM.setFileInputFiles} on the exact node, proven by the names the input then holds.
     */
    private void upload(String value, String expectedHash) throws DispatchException {
        java.util.List<String> paths = UploadFiles.resolve(session.config().uploadDirectory(), value);
        if (!node.unambiguous()) {
            throw stale("browser target is ambiguous");
        }
        PageSession.LiveNode live = revalidate();
        if (live.semantics().disabled()) {
            throw stale("browser target is disabled");
        }
        live = actionable(live, false);
        JsonNode check = effectCheck(live, paths.size());
        refuseIneligible(check, "browser target cannot take files");
        DispatchException.checkBeforeEffect(cancellation, deadlineAtMs, false);
        com.fasterxml.jackson.databind.node.ObjectNode params =
                session.params().put("backendNodeId", node.backendNodeId());
        paths.forEach(params.putArray("files")::add);
        try {
            session.command("DOM.setFileInputFiles", params, deadlineAtMs);
        } catch (ChannelException e) {
            if (e.sent()) {
                throw unknown("browser upload outcome is unknown");
            }
            throw stale("browser upload was not dispatched");
        }
        JsonNode after;
        try {
            after = session.call(live.objectId(), PageFunctions.FILE_NAMES, false, deadlineAtMs);
        } catch (ChannelException e) {
            throw unknown("browser upload outcome is unknown");
        }
        String names = after.path("files").asText(null);
        if (names == null || !Sha256.hex(names.getBytes(StandardCharsets.UTF_8)).equals(expectedHash)) {
            throw unknown("browser upload verification failed");
        }
        afterEffect();
    }

    /** The fixed check right before a browser-command effect; a failure of the call itself changes nothing. */
    private JsonNode effectCheck(PageSession.LiveNode live, int count) throws DispatchException {
        DispatchException.checkBeforeEffect(cancellation, deadlineAtMs, false);
        if (!session.processMatches()) {
            throw stale("browser process changed");
        }
        try {
            return session.call(live.objectId(), PageFunctions.FILE_CHECK, false, deadlineAtMs, count);
        } catch (ChannelException e) {
            throw stale("browser target changed");
        }
    }

    /** Editable text, or a choice among options (a {@code <select>}: the page function checks it is one). */
    private static boolean valueTarget(AxSemantics semantics) {
        return semantics.editable()
                || semantics.role().equals("combobox")
                || semantics.role().equals("listbox");
    }

    /** An effect function that refused reports why: the fingerprint's sources changed, or the node is not fit. */
    private static void refuseIneligible(JsonNode result, String otherwise) throws DispatchException {
        if (result.path("changed").asBoolean(false)) {
            throw stale("browser target changed");
        }
        if (!result.path("eligible").asBoolean(false)) {
            throw stale(otherwise);
        }
    }

    private PageSession.LiveNode revalidate() throws DispatchException {
        DispatchException.checkBeforeEffect(cancellation, deadlineAtMs, false);
        try {
            return session.revalidate(page, node, deadlineAtMs);
        } catch (ExecutorException e) {
            DispatchException.checkBeforeEffect(cancellation, deadlineAtMs, false);
            throw new DispatchException(
                    EffectKnowledge.NO_EFFECT,
                    switch (e.failure()) {
                        case STALE_TARGET -> FailureCode.STALE_TARGET;
                        case TARGET_NOT_FOUND -> FailureCode.TARGET_NOT_FOUND;
                        default -> FailureCode.DISPATCH_FAILED;
                    },
                    e.getMessage());
        }
    }

    /**
     * The Playwright checks, live: connected, visible, enabled, stable over two animation frames, receives events
     * at its centre (editable too when asked), and still where it was observed. A node outside the viewport is first
     * brought into view (the exact node, {@link PageSession#reveal}), then revalidated and checked again: the live
     * node the effect then acts on. Refusals name what is wrong: off-screen (it could not be brought into view) and
     * covered (another element receives the events at its centre) are not "changed".
     */
    private PageSession.LiveNode actionable(PageSession.LiveNode live, boolean needEditable) throws DispatchException {
        JsonNode probe = probe(live);
        if (probe.path("visible").asBoolean(false) && !probe.path("inView").asBoolean(false)) {
            DispatchException.checkBeforeEffect(cancellation, deadlineAtMs, false);
            try {
                session.reveal(page, node, deadlineAtMs);
            } catch (ChannelException | ExecutorException e) {
                throw stale("browser target could not be brought into view");
            }
            live = revalidate();
            probe = probe(live);
        }
        if (!probe.path("connected").asBoolean(false)) {
            throw stale("browser target is detached");
        }
        if (!probe.path("visible").asBoolean(false)) {
            throw stale("browser target is hidden");
        }
        if (!probe.path("enabled").asBoolean(false)) {
            throw stale("browser target is disabled");
        }
        if (!probe.path("stable").asBoolean(false)) {
            throw stale("browser target is not stable");
        }
        if (needEditable && !probe.path("editable").asBoolean(false)) {
            throw stale("browser target is not editable");
        }
        if (moved(probe)) {
            throw stale("browser target moved");
        }
        if (!probe.path("inView").asBoolean(false)) {
            throw stale("browser target is off-screen");
        }
        if (!probe.path("receives").asBoolean(false)) {
            throw stale("browser target is covered");
        }
        return live;
    }

    private JsonNode probe(PageSession.LiveNode live) throws DispatchException {
        DispatchException.checkBeforeEffect(cancellation, deadlineAtMs, false);
        try {
            return session.call(live.objectId(), PageFunctions.ACTIONABILITY, true, deadlineAtMs, false, false);
        } catch (ChannelException e) {
            DispatchException.checkBeforeEffect(cancellation, deadlineAtMs, false);
            throw stale("browser target changed");
        }
    }

    private boolean moved(JsonNode probe) {
        // written as "not within" so that a missing number (NaN) counts as moved
        return !(Math.abs(probe.path("x").asDouble(Double.NaN) - node.pageX()) <= MOVE_TOLERANCE
                && Math.abs(probe.path("y").asDouble(Double.NaN) - node.pageY()) <= MOVE_TOLERANCE
                && Math.abs(probe.path("width").asDouble(Double.NaN) - node.width()) <= MOVE_TOLERANCE
                && Math.abs(probe.path("height").asDouble(Double.NaN) - node.height()) <= MOVE_TOLERANCE);
    }

    /** The one effect command: after it may have been sent, only "unknown" can be reported as a failure. */
    private JsonNode effect(PageSession.LiveNode live, String function, Object... arguments) throws DispatchException {
        DispatchException.checkBeforeEffect(cancellation, deadlineAtMs, false);
        if (!session.processMatches()) {
            throw stale("browser process changed");
        }
        DispatchException.checkBeforeEffect(cancellation, deadlineAtMs, false);
        try {
            return session.effectCall(live.objectId(), function, deadlineAtMs, arguments);
        } catch (ChannelException e) {
            if (e.sent()) {
                throw unknown("browser effect outcome is unknown");
            }
            throw stale("browser effect was not dispatched");
        } catch (PageSession.DialogOpened dialog) {
            // the page stopped inside the effect: what it did before and after the dialog is not known yet
            throw unknown("browser effect opened a dialog");
        }
    }

    private void afterEffect() throws DispatchException {
        if (cancellation.isCancelled() || System.currentTimeMillis() >= deadlineAtMs) {
            throw unknown("browser effect completed at the cancellation or deadline boundary");
        }
    }

    static DispatchException stale(String message) {
        return new DispatchException(EffectKnowledge.NO_EFFECT, FailureCode.STALE_TARGET, message);
    }

    private static DispatchException unknown(String message) {
        return DispatchException.ambiguous(message);
    }
}
