package org.praefectus.mcp.host;

import java.util.Locale;
import java.util.Map;
import org.praefectus.api.desktop.DesktopException;
import org.praefectus.api.desktop.ElementScope;
import org.praefectus.api.desktop.InputOutcome;
import org.praefectus.api.desktop.InputRequest;
import org.praefectus.api.host.AuditLog;
import org.praefectus.api.protocol.Action;
import org.praefectus.api.selector.UiElement;

/**
 * {@code scroll}: wheel steps over the element, or at a screen point ({@code x}, {@code y}) (operator profile). The
 * protocol signs a scroll only at an element, so a point is planned by the platform's desktop service (its typed
 * {@code scroll} verb: the element there) and signed along this server's path like any other proposal.
 */
final class ScrollTool extends InputTool {

    private final HostServices services;

    ScrollTool(SignedActions actions, ElementTargets targets, AuditLog audit, HostServices services) {
        super(actions, targets, audit);
        this.services = services;
    }

    @Override
    public String name() {
        return "scroll";
    }

    @Override
    String pointKind() {
        return "scroll";
    }

    @Override
    ActionArguments plan(Map<String, Object> args, ElementTargets.Target target, String operationId) {
        return ActionArguments.planned("scroll", target.tag(), fields(args, "direction", "amount"), operationId);
    }

    @Override
    SignedActions.Plan planAtPoints(Map<String, Object> args, ToolHost.CallContext context) {
        long[] point = {PointAction.coordinate(args, "x"), PointAction.coordinate(args, "y")};
        InputRequest request = InputRequest.scroll(
                ActionArguments.direction(args), ActionArguments.amount(args), point, null, ElementScope.ALL, true);
        DesktopServiceTools.Service service = DesktopServiceTools.of(services, name());
        if (service.missing() != null) {
            return SignedActions.Plan.refused(service.missing());
        }
        InputOutcome planned;
        try {
            planned = service.desktop()
                    .input(request, null, context.cancellation().token());
        } catch (DesktopException e) {
            return SignedActions.Plan.refused(ToolResult.failure(
                    e.code(),
                    e.getMessage(),
                    "give a point over an element of the active window (capture_screen, find_elements)",
                    true));
        }
        return SignedActions.Plan.proposed(new SignedActions.Proposed(
                planned.proposal(), question((Action.Scroll) planned.proposal().action(), point, planned.element())));
    }

    /** What the person is asked: the scroll, the point and the element there that receives it. */
    private static String question(Action.Scroll scroll, long[] point, UiElement element) {
        return "Praefectus asks you to allow one action on this computer.\n"
                + "Action: scroll " + scroll.direction().name().toLowerCase(Locale.ROOT) + " (" + scroll.amount()
                + " wheel steps)\n"
                + "At screen point: " + point[0] + ", " + point[1] + "\n"
                + (element == null
                        ? ""
                        : "Over: " + element.role()
                                + (element.label() == null || element.label().isEmpty()
                                        ? ""
                                        : " \"" + element.label() + "\"")
                                + " in window \"" + element.windowTitle() + "\"\n");
    }
}
