package org.praefectus.nativecore.input;

import java.util.List;
import org.praefectus.api.desktop.DesktopException;
import org.praefectus.api.desktop.DesktopWindow;
import org.praefectus.api.desktop.ElementScope;
import org.praefectus.api.desktop.InputRequest;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.protocol.Rect;

/** Where a pointer verb starts and a drag ends, in screen points, the same on every platform. */
public final class PointerPoints {

    /** What a platform reads to place a point: its windows (a ratio inside the scoped one), and the pointer. */
    public interface Places {

        /** The desktop's windows now, among which the request's scope names the one a ratio is inside. */
        List<DesktopWindow> windows() throws DesktopException, ExecutorException;

        /** Where the pointer is now. */
        long[] pointer() throws DesktopException;
    }

    private PointerPoints() {}

    /** The start: the absolute point, else the ratio's, else (a move from the pointer) the pointer plus the delta. */
    public static long[] start(InputRequest request, Places places) throws DesktopException, ExecutorException {
        if (request.point() != null) {
            return request.point();
        }
        if (request.ratio() != null) {
            return inside(request, request.ratio(), places);
        }
        if (request.fromCurrent() || request.relative() != null) {
            long[] pointer = places.pointer();
            long[] delta = request.relative() == null ? new long[] {0, 0} : request.relative();
            return new long[] {pointer[0] + delta[0], pointer[1] + delta[1]};
        }
        throw new DesktopException("usage", request.verb() + " needs a target: --x/--y, --to, --selector or --ratio");
    }

    /** A drag's destination: {@code to}, else {@code to_ratio}'s point. */
    public static long[] dragEnd(InputRequest request, Places places) throws DesktopException, ExecutorException {
        if (request.to() != null) {
            return request.to();
        }
        if (request.toRatio() != null) {
            return inside(request, request.toRatio(), places);
        }
        throw new DesktopException("usage", "drag needs a destination: --to x,y or --to-ratio rx,ry");
    }

    /** The point at {@code ratio} inside the request's region, else inside the one window its scope names. */
    private static long[] inside(InputRequest request, double[] ratio, Places places)
            throws DesktopException, ExecutorException {
        Rect area = request.region();
        if (area == null) {
            if (request.scope().equals(ElementScope.ALL)) {
                throw new DesktopException("usage", "--ratio needs --region or --window-title/--window-id");
            }
            area = WindowVerbs.theOne(request.scope(), places.windows()).bounds();
        }
        // a ratio of 1 is the area's last pixel, not the one past it
        return new long[] {
            area.x() + Math.round(ratio[0] * Math.max(0, area.width() - 1)),
            area.y() + Math.round(ratio[1] * Math.max(0, area.height() - 1))
        };
    }
}
