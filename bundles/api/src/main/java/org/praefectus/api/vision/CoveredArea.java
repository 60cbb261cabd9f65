package org.praefectus.api.vision;

import java.util.List;
import java.util.TreeSet;

/**
 * The pixels a set of regions covers together, each pixel once however many regions overlap on it: the regions'
 * edges cut the plane into cells, and a cell counts when a region holds it. A handful of windows lie over a window,
 * so the cells stay few. Every platform's {@link Occlusion} fraction is counted here.
 */
public final class CoveredArea {

    private CoveredArea() {}

    /** The area of the union of {@code regions}. */
    public static long of(List<Region> regions) {
        TreeSet<Long> xs = new TreeSet<>();
        TreeSet<Long> ys = new TreeSet<>();
        for (Region r : regions) {
            xs.add((long) r.x());
            xs.add((long) r.right());
            ys.add((long) r.y());
            ys.add((long) r.bottom());
        }
        Long[] columns = xs.toArray(new Long[0]);
        Long[] rows = ys.toArray(new Long[0]);
        long area = 0;
        for (int i = 0; i + 1 < columns.length; i++) {
            for (int j = 0; j + 1 < rows.length; j++) {
                if (held(regions, columns[i], rows[j])) {
                    area += (columns[i + 1] - columns[i]) * (rows[j + 1] - rows[j]);
                }
            }
        }
        return area;
    }

    /** Whether a region holds the cell whose top-left corner is {@code (x, y)}. */
    private static boolean held(List<Region> regions, long x, long y) {
        for (Region r : regions) {
            if (x >= r.x() && x < r.right() && y >= r.y() && y < r.bottom()) {
                return true;
            }
        }
        return false;
    }
}
