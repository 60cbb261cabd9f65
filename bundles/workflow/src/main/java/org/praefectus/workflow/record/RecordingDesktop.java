package org.praefectus.workflow.record;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Locale;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.propertytypes.ServiceRanking;
import org.praefectus.api.desktop.DesktopException;
import org.praefectus.api.desktop.DesktopService;
import org.praefectus.api.desktop.DesktopState;
import org.praefectus.api.desktop.ElementMatches;
import org.praefectus.api.desktop.ElementQuery;
import org.praefectus.api.desktop.ElementScope;
import org.praefectus.api.desktop.ElementWait;
import org.praefectus.api.desktop.InputOutcome;
import org.praefectus.api.desktop.InputRequest;
import org.praefectus.api.desktop.TextRead;
import org.praefectus.api.desktop.WindowListing;
import org.praefectus.api.desktop.WindowQuery;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.resident.ResidentHost;
import org.praefectus.api.selector.UiElement;
import org.praefectus.api.workflow.RecordedCall;
import org.praefectus.api.workflow.Workflow;
import org.praefectus.api.workflow.WorkflowException;
import org.praefectus.api.workflow.WorkflowRecorder;

/**
 * The platform's desktop service as the surfaces see it while the workflow bundle runs: every call is the
 * platform's, and while a recording is active the calls that succeed become workflow steps
 * ({@code find_element}, {@code click}, {@code type_text}, {@code paste_text}). Ranked above the platform's service
 * so the surfaces (MCP, the daemon's socket, the CLI verbs) bind it; it binds the platform's service itself, the one
 * without the {@value #RECORDING} property, as the workflow runner does (a replay is never recorded).
 */
@Component(
        service = {DesktopService.class, WorkflowRecorder.class},
        property = RecordingDesktop.RECORDING + ":Boolean=true")
@ServiceRanking(100)
public final class RecordingDesktop implements DesktopService, WorkflowRecorder {

    /** The service property that tells this service from the platform's. */
    public static final String RECORDING = "praefectus.desktop.recording";

    /** The platform's desktop service: every desktop service but this one. */
    public static final String PLATFORM = "(!(" + RECORDING + "=true))";

    private final DesktopService platform;
    private final Recording recording = new Recording();
    private final PointSelectors points;

    @Activate
    public RecordingDesktop(@Reference(target = PLATFORM) DesktopService platform) {
        this.platform = platform;
        this.points = new PointSelectors(platform);
    }

    @Override
    public ElementMatches findElements(ElementQuery query, CancellationToken cancellation) throws DesktopException {
        ElementMatches found = platform.findElements(query, cancellation);
        if (recording.active()
                && !found.elements().isEmpty()
                && !query.selector().text().isEmpty()) {
            ObjectNode step = step("find_element", query.scope());
            step.put("selector", query.selector().text());
            recording.add(step);
        }
        return found;
    }

    @Override
    public InputOutcome input(InputRequest request, ResidentHost signer, CancellationToken cancellation)
            throws DesktopException {
        String action = switch (request.verb()) {
            case "click" -> "click";
            case "type" -> "type_text";
            case "paste" -> "paste_text";
            default -> null;
        };
        if (action == null || request.dryRun() || !recording.active()) {
            return platform.input(request, signer, cancellation);
        }
        // a point is resolved before the click: what it clicks may change or go away
        PointSelectors.Resolved semantic = request.selector() == null && request.point() != null
                ? points.resolve(request.point(), cancellation)
                : null;
        InputOutcome outcome = platform.input(request, signer, cancellation);
        if (outcome.succeeded()) {
            ObjectNode step = target(action, request, semantic);
            if (step != null) {
                options(step, request);
                recording.add(step);
            }
        }
        return outcome;
    }

    /** The step's target: the request's selector, the point's unique selector, or the point itself. */
    private static ObjectNode target(String action, InputRequest request, PointSelectors.Resolved semantic) {
        if (request.selector() != null && !request.selector().text().isEmpty()) {
            ObjectNode step = step(action, request.scope());
            step.put("selector", request.selector().text());
            return step;
        }
        if (semantic != null) {
            ObjectNode step = step(action, new ElementScope(null, semantic.windowTitle(), null));
            step.put("selector", semantic.selector());
            return step;
        }
        if (request.point() != null) {
            ObjectNode step = step(action, ElementScope.ALL);
            step.put("x", request.point()[0]);
            step.put("y", request.point()[1]);
            return step;
        }
        return action.equals("click") ? null : step(action, ElementScope.ALL); // typing at the focus
    }

    private static void options(ObjectNode step, InputRequest request) {
        if (request.text() != null) {
            step.put("value", request.text()); // kept only in the workflow the person saves
        }
        if (request.verb().equals("click") && request.button() != null) {
            String button = request.button().name().toLowerCase(Locale.ROOT);
            if (!button.equals("left")) {
                step.put("button", button);
            }
        }
        if (request.clipboard() != null) {
            step.put("preserve_clipboard", true);
            step.put(
                    "restore_policy",
                    request.clipboard().name().toLowerCase(Locale.ROOT).replace('_', '-'));
        }
    }

    private static ObjectNode step(String action, ElementScope scope) {
        ObjectNode step = JsonNodeFactory.instance.objectNode();
        step.put("action", action);
        if (scope != null) {
            if (scope.app() != null) {
                step.put("app", scope.app());
            }
            if (scope.windowTitle() != null) {
                step.put("window_title", scope.windowTitle());
            }
            if (scope.windowId() != null) {
                step.put("window_id", scope.windowId());
            }
        }
        return step;
    }

    @Override
    public WindowListing windows(WindowQuery query, CancellationToken cancellation) throws DesktopException {
        return platform.windows(query, cancellation);
    }

    @Override
    public DesktopState desktopState(int limit, CancellationToken cancellation) throws DesktopException {
        return platform.desktopState(limit, cancellation);
    }

    @Override
    public ElementWait waitFor(ElementQuery query, boolean gone, long timeoutMs, CancellationToken cancellation)
            throws DesktopException {
        return platform.waitFor(query, gone, timeoutMs, cancellation);
    }

    @Override
    public TextRead readText(ElementQuery query, int offset, int length, CancellationToken cancellation)
            throws DesktopException {
        return platform.readText(query, offset, length, cancellation);
    }

    @Override
    public java.util.Map<String, org.praefectus.api.selector.ReadBack> readBack(
            String observationId, java.util.Collection<String> tags, CancellationToken cancellation)
            throws DesktopException {
        return platform.readBack(observationId, tags, cancellation);
    }

    @Override
    public UiElement.Point pointer() throws DesktopException {
        return platform.pointer();
    }

    @Override
    public java.util.Optional<org.praefectus.api.desktop.DesktopWindow> windowShownBy(
            org.praefectus.api.protocol.Action action, org.praefectus.api.protocol.Terminal terminal) {
        return platform.windowShownBy(action, terminal);
    }

    @Override
    public void start(String name) throws WorkflowException {
        recording.start(name);
    }

    @Override
    public Workflow stop() throws WorkflowException {
        return recording.stop();
    }

    @Override
    public Workflow recorded() throws WorkflowException {
        return recording.recorded();
    }

    @Override
    public boolean active() {
        return recording.active();
    }

    @Override
    public void record(RecordedCall call) {
        if (!recording.active()) {
            return;
        }
        ObjectNode step;
        if (call.selector() != null) {
            step = step(call.action(), call.scope());
            step.put("selector", call.selector());
        } else if (call.point() != null) {
            PointSelectors.Resolved semantic =
                    call.action().equals("click") ? points.resolve(call.point(), new CancellationToken()) : null;
            step = step(
                    call.action(),
                    semantic == null ? call.scope() : new ElementScope(null, semantic.windowTitle(), null));
            if (semantic != null) {
                step.put("selector", semantic.selector());
            } else {
                step.put("x", call.point()[0]);
                step.put("y", call.point()[1]);
            }
        } else if (call.action().equals("type_text") || call.action().equals("paste_text")) {
            step = step(call.action(), call.scope());
        } else {
            return; // a lookup or click without a target cannot be replayed
        }
        if (call.value() != null) {
            step.put("value", call.value());
        }
        recording.add(step);
    }
}
