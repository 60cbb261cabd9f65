package org.praefectus.mcp.host;

import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.praefectus.api.engine.Engine;
import org.praefectus.api.engine.EngineException;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.protocol.Action;
import org.praefectus.api.protocol.ActionRequest;
import org.praefectus.api.protocol.CoordinateObservation;
import org.praefectus.api.protocol.DisplayGeometry;
import org.praefectus.api.protocol.MouseButton;
import org.praefectus.api.protocol.ProtocolException;
import org.praefectus.api.protocol.TargetRef;
import org.praefectus.api.protocol.VerificationPolicy;

/**
 * A pointer action at screen points ({@code click}/{@code move_mouse} with {@code x}, {@code y};
 * {@code drag} with {@code from_x}, {@code from_y}, {@code to_x}, {@code to_y}): coordinate targets fenced by a
 * coordinate observation (display geometry and screen content), each point on a display. Fenced again after a
 * confirmation: the same displays, a fresh screen snapshot.
 *
 * @param kind     {@code click}, {@code move} or {@code drag}
 * @param screen   the coordinate observation the targets are built on
 * @param elements what the points are the centres of, for the question ({@code null} for points a caller gave)
 */
record PointAction(
        String kind,
        long x,
        long y,
        long toX,
        long toY,
        MouseButton button,
        int count,
        CoordinateObservation screen,
        String elements) {

    /** Whether the call names points rather than an element. */
    static boolean named(Map<String, Object> args) {
        return args.get("x") != null || args.get("y") != null || args.get("from_x") != null;
    }

    /** The call's points on a fresh coordinate observation; empty when a point is on no display. */
    static Optional<PointAction> plan(
            String kind, Map<String, Object> args, Engine engine, CancellationToken token, long deadline)
            throws EngineException, ExecutorException {
        boolean drag = kind.equals("drag");
        long x = coordinate(args, drag ? "from_x" : "x");
        long y = coordinate(args, drag ? "from_y" : "y");
        long toX = drag ? coordinate(args, "to_x") : 0;
        long toY = drag ? coordinate(args, "to_y") : 0;
        MouseButton button = button(args);
        int count = kind.equals("click") ? ToolArguments.intArgument(args, "count", 1, 1, 3) : 1;
        PointAction planned =
                new PointAction(kind, x, y, toX, toY, button, count, engine.observeCoordinates(token, deadline), null);
        if (planned.display(x, y).isEmpty()
                || (drag && planned.display(toX, toY).isEmpty())) {
            return Optional.empty();
        }
        return Optional.of(planned);
    }

    Map<String, Object> auditLengths() {
        return Map.of();
    }

    ActionRequest draft(HostAuthority authority, String operationId, String sessionId, long deadlineAt)
            throws ProtocolException {
        TargetRef.Coordinates at = target(x, y);
        Action action = switch (kind) {
            case "click" -> new Action.Click(button, count, false);
            case "move" -> new Action.Move();
            case "drag" -> new Action.Drag(target(toX, toY), button);
            default -> throw new IllegalStateException("not a pointer action");
        };
        return authority.draft(operationId, sessionId, action, at, new VerificationPolicy.None(), deadlineAt);
    }

    /** The same points on a fresh coordinate observation of the same displays, or empty when they changed. */
    Optional<PointAction> refenced(Engine engine, CancellationToken token, long deadline)
            throws EngineException, ExecutorException {
        CoordinateObservation fresh = engine.observeCoordinates(token, deadline);
        if (!fresh.displayGeometryHash().equals(screen.displayGeometryHash())) {
            return Optional.empty();
        }
        return Optional.of(new PointAction(kind, x, y, toX, toY, button, count, fresh, elements));
    }

    /** The same action, its question naming the elements whose centres the points are. */
    PointAction describing(String elements) {
        return new PointAction(kind, x, y, toX, toY, button, count, screen, elements);
    }

    /** What the person is asked: the action and the screen points (a point names no window: the host says so). */
    String confirmationMessage(long windowSeconds) {
        StringBuilder message = new StringBuilder("Praefectus asks you to allow one action on this computer.\n")
                .append("Action: ")
                .append(kind.equals("move") ? "move the pointer" : kind)
                .append(kind.equals("click") ? " (" + button.name().toLowerCase(Locale.ROOT) + ", " + count + "x)" : "")
                .append('\n')
                .append("At screen point: ")
                .append(x)
                .append(", ")
                .append(y)
                .append('\n');
        if (kind.equals("drag")) {
            message.append("To screen point: ")
                    .append(toX)
                    .append(", ")
                    .append(toY)
                    .append('\n');
        }
        if (elements != null) {
            message.append(elements).append('\n');
        }
        return message.append("Whatever window is at that point then receives it.\n")
                .append("Answer within ")
                .append(windowSeconds)
                .append(" seconds; only an explicit yes allows it.")
                .toString();
    }

    private Optional<DisplayGeometry> display(long px, long py) {
        return screen.displays().stream().filter(d -> d.contains(px, py)).findFirst();
    }

    private TargetRef.Coordinates target(long px, long py) throws ProtocolException {
        DisplayGeometry display =
                display(px, py).orElseThrow(() -> new IllegalStateException("planned points are on a display"));
        return new TargetRef.Coordinates(
                px,
                py,
                display.displayId(),
                screen.displayGeometryHash(),
                screen.snapshotId(),
                screen.snapshotContentHash());
    }

    /** A screen coordinate argument, required with screen points. */
    static long coordinate(Map<String, Object> args, String name) {
        if (args.get(name) == null) {
            throw new ToolArguments.InvalidArgument(name + " is required with screen points");
        }
        return ToolArguments.intArgument(args, name, 0, -1_000_000, 1_000_000);
    }

    private static MouseButton button(Map<String, Object> args) {
        String name = ToolArguments.stringArgument(args, "button", false);
        if (name == null) {
            return MouseButton.LEFT;
        }
        try {
            return MouseButton.valueOf(name.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new ToolArguments.InvalidArgument("button must be left, right or middle");
        }
    }
}
