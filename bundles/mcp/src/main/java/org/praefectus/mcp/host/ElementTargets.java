package org.praefectus.mcp.host;

import java.time.Clock;
import java.util.Map;
import java.util.Optional;
import org.praefectus.api.engine.EngineException;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.protocol.Rect;
import org.praefectus.api.protocol.SemanticElement;
import org.praefectus.api.protocol.SemanticObservation;
import org.praefectus.api.selector.Selector;
import org.praefectus.api.selector.SelectorException;
import org.praefectus.api.selector.UiElement;

/**
 * The element an input tool acts on: a {@code selector} (PeekabooX grammar; alias {@code semantic_selector})
 * resolved against a fresh observation of the windows in scope ({@code app}, {@code window_title},
 * {@code window_id}), the best-scoring on-screen match winning; or a {@code tag} of an observation this
 * session holds ({@code observation_id} from {@code find_elements}, else the current one of {@code observe}).
 */
final class ElementTargets {

    /** A resolved element: the observation it is in, its tag and element, and what a selector matched. */
    record Target(SessionObservations.Observed observed, String tag, SemanticElement element, boolean sessionCurrent) {}

    /** An element, or the tool error that says why there is none. */
    record Resolution(Target target, ToolResult refusal) {}

    private final HostServices services;
    private final SessionObservations observations;
    private final Clock clock;

    ElementTargets(HostServices services, SessionObservations observations, Clock clock) {
        this.services = services;
        this.observations = observations;
        this.clock = clock;
    }

    /**
     * A pointer action at the call's screen points, fenced by a fresh coordinate observation; a point on no
     * display is refused ({@code out_of_bounds}).
     */
    SignedActions.Plan atPoints(String kind, Map<String, Object> args, ToolHost.CallContext context) {
        return atPoints(kind, args, context, null);
    }

    /** {@link #atPoints(String, Map, ToolHost.CallContext)} at the centres of {@code elements} (for the question). */
    SignedActions.Plan atPoints(String kind, Map<String, Object> args, ToolHost.CallContext context, String elements) {
        try {
            return PointAction.plan(
                            kind,
                            args,
                            services.engine(),
                            context.cancellation().token(),
                            clock.millis() + ToolHost.OBSERVE_DEADLINE_MS)
                    .map(point -> SignedActions.Plan.at(elements == null ? point : point.describing(elements)))
                    .orElseGet(() -> SignedActions.Plan.refused(ToolResult.failure(
                            "out_of_bounds",
                            "a point is outside every display",
                            "call list_windows or capture_screen and give a point on a display",
                            true)));
        } catch (EngineException e) {
            return SignedActions.Plan.refused(ExecutorFailures.noExecutor(e));
        } catch (ExecutorException e) {
            return SignedActions.Plan.refused(ExecutorFailures.observationFailure(e));
        }
    }

    /**
     * A drag between two elements of one observation: the protocol drags between fenced coordinate targets
     * only, so it is the drag between their centres on a fresh coordinate observation, its question naming both
     * elements and their window. {@code fields} are the drag's own ({@code button}).
     */
    SignedActions.Plan dragBetween(
            SessionObservations.Observed observed,
            SemanticElement from,
            SemanticElement to,
            Map<String, Object> fields,
            ToolHost.CallContext context) {
        Map<String, Object> points = new java.util.LinkedHashMap<>(fields);
        Rect start = bounds(from);
        Rect end = bounds(to);
        points.put("from_x", start.x() + start.width() / 2);
        points.put("from_y", start.y() + start.height() / 2);
        points.put("to_x", end.x() + end.width() / 2);
        points.put("to_y", end.y() + end.height() / 2);
        String elements = "From: " + describe(from) + "\nTo: " + describe(to) + "\nIn window: \""
                + DesktopWindows.title(observed.observation()) + "\"";
        return atPoints("drag", points, context, elements);
    }

    /**
     * The drag within one element, between two points given as fractions of its bounds (a slider's track, a
     * canvas), for the question the element and its window.
     */
    SignedActions.Plan dragWithin(
            SessionObservations.Observed observed,
            SemanticElement element,
            double[] fromRatio,
            double[] toRatio,
            Map<String, Object> fields,
            ToolHost.CallContext context) {
        Map<String, Object> points = new java.util.LinkedHashMap<>(fields);
        Rect area = bounds(element);
        points.put("from_x", area.x() + (int) Math.round(fromRatio[0] * (area.width() - 1)));
        points.put("from_y", area.y() + (int) Math.round(fromRatio[1] * (area.height() - 1)));
        points.put("to_x", area.x() + (int) Math.round(toRatio[0] * (area.width() - 1)));
        points.put("to_y", area.y() + (int) Math.round(toRatio[1] * (area.height() - 1)));
        String elements = "Within: " + describe(element) + "\nIn window: \""
                + DesktopWindows.title(observed.observation()) + "\"";
        return atPoints("drag", points, context, elements);
    }

    private static Rect bounds(SemanticElement element) {
        if (element.bounds() == null) {
            throw new ToolArguments.InvalidArgument("a drag's element has no bounds on the screen");
        }
        return element.bounds();
    }

    private static String describe(SemanticElement element) {
        return element.role()
                + (element.name() == null || element.name().isEmpty() ? "" : " \"" + element.name() + "\"");
    }

    /** Whether the call names a target at all. */
    static boolean named(Map<String, Object> args) {
        return args.get("selector") != null || args.get("semantic_selector") != null || args.get("tag") != null;
    }

    /** The element the call names ({@code selector} or {@code tag}). */
    Resolution resolve(Map<String, Object> args, ToolHost.CallContext context) {
        String selectorText = selector(args, "selector", "semantic_selector");
        String tag = ToolArguments.stringArgument(args, "tag", false);
        if ((selectorText == null) == (tag == null)) {
            throw new ToolArguments.InvalidArgument(
                    "give a selector or a tag (with observation_id from find_elements)");
        }
        if (tag != null) {
            return byTag(tag, ToolArguments.stringArgument(args, "observation_id", false), context);
        }
        Selector selector = parse(selectorText);
        try {
            DesktopWindows.Found found = DesktopWindows.read(
                    services,
                    DesktopWindows.Scope.of(args),
                    context.cancellation().token(),
                    clock.millis() + ToolHost.OBSERVE_DEADLINE_MS);
            UiElement best = null;
            DesktopWindows.Window in = null;
            for (DesktopWindows.Window window : found.windows()) {
                for (UiElement element : DesktopWindows.elements(window)) {
                    if (element.bounds().hasArea()
                            && selector.matches(element)
                            && (best == null || selector.score(element) > selector.score(best))) {
                        best = element;
                        in = window;
                    }
                }
            }
            if (best == null) {
                return new Resolution(
                        null,
                        ToolResult.failure(
                                "target_not_found",
                                "no on-screen element matches the selector",
                                "call find_elements (or list_windows) and refine the selector",
                                true));
            }
            observations.remember(context.sessionKey(), in.observation(), in.surface());
            return found(new SessionObservations.Observed(in.observation(), in.surface()), best.tag(), false);
        } catch (EngineException e) {
            return new Resolution(null, ExecutorFailures.noExecutor(e));
        } catch (ExecutorException e) {
            return new Resolution(null, ExecutorFailures.observationFailure(e));
        }
    }

    /**
     * A second element in the first one's observation ({@code to_selector} or {@code to_tag} of a drag): a drag
     * is fenced against one observation, so both ends are in one window.
     */
    Optional<String> second(Map<String, Object> args, Target first) {
        String selectorText = selector(args, "to_selector", null);
        String tag = ToolArguments.stringArgument(args, "to_tag", false);
        if ((selectorText == null) == (tag == null)) {
            throw new ToolArguments.InvalidArgument("give to_selector or to_tag");
        }
        if (tag != null) {
            return first.observed().observation().elements().stream()
                    .filter(e -> e.tag().equals(tag))
                    .map(SemanticElement::tag)
                    .findFirst();
        }
        Selector selector = parse(selectorText);
        SemanticObservation observation = first.observed().observation();
        UiElement best = null;
        for (UiElement element : DesktopWindows.elements(observation, null, DesktopWindows.title(observation), null)) {
            if (element.bounds().hasArea()
                    && selector.matches(element)
                    && (best == null || selector.score(element) > selector.score(best))) {
                best = element;
            }
        }
        return Optional.ofNullable(best).map(UiElement::tag);
    }

    private Resolution byTag(String tag, String observationId, ToolHost.CallContext context) {
        Optional<SessionObservations.Observed> observed = observationId == null
                ? observations.current(context.sessionKey())
                : observations.find(context.sessionKey(), observationId);
        if (observed.isEmpty()) {
            return new Resolution(
                    null,
                    ToolResult.failure(
                            "no_observation",
                            observationId == null
                                    ? "there is no current observation in this session"
                                    : "this session holds no observation with that id",
                            "call find_elements (or observe) and use a tag from it",
                            true));
        }
        return found(observed.get(), tag, observationId == null);
    }

    private static Resolution found(SessionObservations.Observed observed, String tag, boolean sessionCurrent) {
        return observed.observation().elements().stream()
                .filter(e -> e.tag().equals(tag))
                .findFirst()
                .map(e -> new Resolution(new Target(observed, tag, e, sessionCurrent), null))
                .orElseGet(() -> new Resolution(
                        null,
                        ToolResult.failure(
                                "unknown_tag",
                                "the tag is not in that observation",
                                "call find_elements (or observe) again and use a tag from it",
                                true)));
    }

    private static String selector(Map<String, Object> args, String name, String alias) {
        String text = ToolArguments.stringArgument(args, name, false);
        if (text == null && alias != null) {
            text = ToolArguments.stringArgument(args, alias, false);
        }
        return text;
    }

    static Selector parse(String text) {
        try {
            return Selector.parse(text);
        } catch (SelectorException e) {
            // the selector's own messages name keys, never values; its code is the one every surface answers
            throw new ToolArguments.InvalidArgument(e.code(), "selector: " + e.getMessage());
        }
    }
}
