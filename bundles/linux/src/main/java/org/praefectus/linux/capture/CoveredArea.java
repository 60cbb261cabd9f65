package org.praefectus.linux.capture;

import java.util.List;
import java.util.TreeSet;

/**
 * The pixels a set of rectangles covers together, each pixel once however many rectangles overlap on it: the
 * rectangles' edges cut the plane into cells, and a cell counts when a rectangle holds it. A handful of windows
 * lie over a window, so the cells stay few.
 */
final class CoveredArea {

    private CoveredArea() {}

    /** The area of the union of rectangles {x, y, width, height}. */
    static long of(List<int[]> rectangles) {
        TreeSet<Long> xs = new TreeSet<>();
        TreeSet<Long> ys = new TreeSet<>();
        for (int[] r : rectangles) {
            xs.add((long) r[0]);
            xs.add((long) r[0] + r[2]);
            ys.add((long) r[1]);
            ys.add((long) r[1] + r[3]);
        }
        Long[] columns = xs.toArray(new Long[0]);
        Long[] rows = ys.toArray(new Long[0]);
        long area = 0;
        for (int i = 0; i + 1 < columns.length; i++) {
            for (int j = 0; j + 1 < rows.length; j++) {
                if (held(rectangles, columns[i], rows[j])) {
                    area += (columns[i + 1] - columns[i]) * (rows[j + 1] - rows[j]);
                }
            }
        }
        return area;
    }

    /** Whether a rectangle holds the cell whose top-left corner is {@code (x, y)}. */
    private static boolean held(List<int[]> rectangles, long x, long y) {
        for (int[] r : rectangles) {
            if (x >= r[0] && x < (long) r[0] + r[2] && y >= r[1] && y < (long) r[1] + r[3]) {
                return true;
            }
        }
        return false;
    }
}
