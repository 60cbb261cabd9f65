package org.praefectus.nativecore.input;

import org.praefectus.api.desktop.DesktopException;
import org.praefectus.api.desktop.InputRequest;
import org.praefectus.api.executor.ExecutorException;

/** Where a pointer verb starts and a drag ends, in screen points, the same on every platform. */
public final class PointerPoints {

    /** What a platform reads to place a point: a ratio inside the request's region or window, and the pointer. */
    public interface Places {

        /** The point at {@code ratio} inside the request's region or its scoped window. */
        long[] inside(double[] ratio) throws DesktopException, ExecutorException;

        /** Where the pointer is now. */
        long[] pointer() throws DesktopException;
    }

    private PointerPoints() {}

    /**
     * The start: the absolute point, else the ratio's, else (a move from the pointer, or a scroll given no aim) the
     * pointer plus the delta.
     */
    public static long[] start(InputRequest request, Places places) throws DesktopException, ExecutorException {
        if (request.point() != null) {
            return request.point();
        }
        if (request.ratio() != null) {
            return places.inside(request.ratio());
        }
        if (request.fromCurrent()
                || request.relative() != null
                || request.verb().equals("scroll")) {
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
            return places.inside(request.toRatio());
        }
        throw new DesktopException("usage", "drag needs a destination: --to x,y or --to-ratio rx,ry");
    }
}
