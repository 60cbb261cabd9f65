package org.praefectus.mcp.host;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.praefectus.api.desktop.DesktopException;
import org.praefectus.api.desktop.DesktopService;
import org.praefectus.api.desktop.DesktopWindow;
import org.praefectus.api.desktop.ElementScope;
import org.praefectus.api.desktop.ProgramName;
import org.praefectus.api.desktop.WindowQuery;
import org.praefectus.api.engine.Engine;
import org.praefectus.api.engine.EngineException;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.executor.ExecutorFailure;
import org.praefectus.api.protocol.Rect;
import org.praefectus.api.protocol.SemanticElement;
import org.praefectus.api.protocol.SemanticObservation;
import org.praefectus.api.protocol.SurfaceDescriptor;
import org.praefectus.api.selector.UiElement;

/**
 * The windows of the desktop through the engine's observation of its executor (the one it dispatches to, so
 * the desktop tools work on any backend that lists and observes surfaces): each listed surface observed once, its title the name of its top frame or
 * dialog (surfaces carry no titles), its application the program's whole name ({@link ProgramName}). Each window's elements are
 * PeekabooX {@link UiElement}s carrying the observation and tag a host fences.
 */
final class DesktopWindows {

    /** Window-like roles whose name is the window's title. */
    static final Set<String> WINDOW_ROLES = Set.of("frame", "dialog", "window", "alert", "file chooser");

    /** One observed window. */
    record Window(SurfaceDescriptor descriptor, String title, String app, SemanticObservation observation) {

        String id() {
            return descriptor.windowId();
        }

        String surface() {
            return descriptor.surface().id();
        }
    }

    /**
     * Which windows a lookup searches; {@code null} fields match every window. {@code window_id} names a window by the
     * ID this tool set lists (the observed window's identity or its surface) or by the desktop's own window ID (what
     * {@code launch_app}, {@code switch_app} and {@code focus_window} answer: the platform's desktop service joins it
     * to the window's surface, {@code surface} here).
     */
    record Scope(String app, String windowTitle, String windowId, String surface) {

        static final Scope ALL = new Scope(null, null, null);

        Scope(String app, String windowTitle, String windowId) {
            this(app, windowTitle, windowId, null);
        }

        static Scope of(Map<String, Object> args) {
            return new Scope(
                    ToolArguments.stringArgument(args, "app", false),
                    ToolArguments.stringArgument(args, "window_title", false),
                    ToolArguments.stringArgument(args, "window_id", false));
        }

        boolean matches(Window window) {
            return (app == null || contains(window.app(), app) || contains(window.title(), app))
                    && (windowTitle == null || contains(window.title(), windowTitle))
                    && names(window.descriptor());
        }

        /** Whether {@code window_id} (if any) names this surface. */
        boolean names(SurfaceDescriptor descriptor) {
            return windowId == null
                    || windowId.equals(descriptor.windowId())
                    || windowId.equals(descriptor.surface().id())
                    || (surface != null && surface.equals(descriptor.surface().id()));
        }

        /**
         * This scope with the surface of the desktop window {@code window_id} names in the platform's desktop service
         * ({@link ElementScope#sameId}: decimal or {@code 0x} hex), when there is one; as it is otherwise.
         */
        Scope joined(Optional<DesktopService> desktop, CancellationToken cancellation) {
            if (windowId == null || surface != null || desktop.isEmpty()) {
                return this;
            }
            List<DesktopWindow> windows;
            try {
                windows = desktop.get().windows(WindowQuery.ALL, cancellation).windows();
            } catch (DesktopException unlisted) {
                return this;
            }
            return windows.stream()
                    .filter(w -> w.surfaceId() != null && ElementScope.sameId(w.id(), windowId))
                    .findFirst()
                    .map(w -> new Scope(app, windowTitle, windowId, w.surfaceId()))
                    .orElse(this);
        }
    }

    /** The windows found and the ones that could not be read (closed while listed, ...). */
    record Found(List<Window> windows, List<String> warnings) {}

    private DesktopWindows() {}

    /** The windows {@code asked} names, through the engine's executor; see {@link Scope#joined} for a desktop ID. */
    static Found read(HostServices services, Scope asked, CancellationToken cancellation, long deadlineAtMs)
            throws EngineException, ExecutorException {
        Engine engine = services.engine();
        Scope scope = asked.joined(services.desktop(), cancellation);
        List<Window> windows = new ArrayList<>();
        List<String> warnings = new ArrayList<>();
        for (SurfaceDescriptor descriptor : engine.listSurfaces(cancellation, deadlineAtMs)) {
            if (!scope.names(descriptor)) {
                continue;
            }
            SemanticObservation observation;
            try {
                observation = engine.observeSurface(descriptor.surface(), cancellation, deadlineAtMs);
            } catch (ExecutorException e) {
                if (e.failure() == ExecutorFailure.CANCELLED || e.failure() == ExecutorFailure.EXPIRED) {
                    throw e;
                }
                warnings.add(
                        "window " + descriptor.windowId() + ": " + e.failure().code());
                continue;
            }
            Window window = new Window(descriptor, title(observation), app(descriptor.processId()), observation);
            if (scope.matches(window)) {
                windows.add(window);
            }
        }
        return new Found(windows, warnings);
    }

    /** A window as {@code list_windows} and {@code get_desktop_state} report it. */
    static Map<String, Object> summary(Window window) {
        Map<String, Object> entry = new LinkedHashMap<>();
        entry.put("id", window.id());
        entry.put("surface", window.surface());
        entry.put("title", window.title());
        entry.put("app", window.app());
        entry.put("process_id", window.descriptor().processId());
        entry.put("backend", window.descriptor().backend());
        entry.put(
                "bounds",
                window.descriptor().bounds() == null
                        ? null
                        : ToolJson.toMap(org.praefectus.api.protocol.ProtocolJson.encode(
                                window.descriptor().bounds())));
        entry.put("element_count", window.observation().elements().size());
        return entry;
    }

    /** The window's elements as PeekabooX reports them. */
    static List<UiElement> elements(Window window) {
        return elements(window.observation(), window.id(), window.title(), window.app());
    }

    /** An observation's elements as PeekabooX reports them, in the window they belong to. */
    static List<UiElement> elements(SemanticObservation observation, String windowId, String title, String app) {
        Map<String, List<String>> children = new HashMap<>();
        for (SemanticElement e : observation.elements()) {
            if (e.parentId() != null) {
                children.computeIfAbsent(e.parentId(), k -> new ArrayList<>()).add(e.elementId());
            }
        }
        List<UiElement> elements = new ArrayList<>();
        for (SemanticElement e : observation.elements()) {
            Rect bounds = e.bounds() == null ? new Rect(0, 0, 0, 0) : e.bounds();
            elements.add(new UiElement(
                    e.elementId(),
                    e.role(),
                    e.name() == null || e.name().isBlank() ? null : e.name(),
                    bounds,
                    UiElement.centerOf(bounds),
                    bounds.hasArea() ? 1.0 : 0.7,
                    states(e),
                    windowId,
                    title,
                    app,
                    e.parentId(),
                    children.getOrDefault(e.elementId(), List.of()),
                    observation.observationId(),
                    e.tag()));
        }
        return elements;
    }

    /** The state names a selector's {@code state} sees: those the protocol's actionability carries. */
    static List<String> states(SemanticElement e) {
        List<String> states = new ArrayList<>();
        var a = e.actionability();
        if (a.visible()) {
            states.add("visible");
            states.add("showing");
        }
        if (a.enabled()) {
            states.add("enabled");
            states.add("sensitive");
        }
        if (a.editable()) {
            states.add("editable");
        }
        if (a.invokable()) {
            states.add("invokable");
        }
        if (a.stable()) {
            states.add("stable");
        }
        return states;
    }

    /** The name of the observation's top window-like element. */
    static String title(SemanticObservation observation) {
        String any = null;
        for (SemanticElement e : observation.elements()) {
            if (WINDOW_ROLES.contains(e.role()) && e.name() != null && !e.name().isBlank()) {
                if (e.parentId() == null) {
                    return e.name();
                }
                any = any == null ? e.name() : any;
            }
        }
        return any;
    }

    /** The process's command name ({@code /proc/PID/comm}), or {@code null} where there is none. */
    static String app(long processId) {
        return ProgramName.of(processId);
    }

    private static boolean contains(String text, String part) {
        return text != null && text.toLowerCase(Locale.ROOT).contains(part.toLowerCase(Locale.ROOT));
    }
}
