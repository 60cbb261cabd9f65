package org.praefectus.linux.capture;

import java.util.Arrays;
import java.util.Map;
import org.praefectus.api.vision.Region;

/**
 * A window capture on the X11 test desktop, with another window over it: the median of RUNS window captures as
 * they were before the occluded warning (the window's rectangle, then the screen inside it through MIT-SHM), the
 * same with the stacking read after the capture (what every window capture now pays), the stacking read alone,
 * and the stacking read of the uncovered window on top (one display call: nothing to name). In the capture package because the capture service's test constructor is package-private. Run by
 * benchmarks/linux/window-capture.sh.
 */
public final class WindowCaptureBenchmark {

    private WindowCaptureBenchmark() {}

    public static void main(String[] arguments) throws Exception {
        long window = Long.parseLong(arguments[0]);
        long uncovered = Long.parseLong(arguments[1]);
        int runs = arguments.length > 2 ? Integer.parseInt(arguments[2]) : 50;
        LinuxScreenCapture capture = new LinuxScreenCapture(Map.copyOf(System.getenv()), false);
        try {
            Region region = capture.windowRegion(window);
            String id = Long.toString(window);
            if (capture.occlusion(id, region).isEmpty()) {
                throw new IllegalStateException("the benchmark window is not covered");
            }
            for (int i = 0; i < 20; i++) { // warm-up
                capture.capture(capture.windowRegion(window));
                capture.occlusion(id, region);
            }
            double[] before = new double[runs];
            double[] after = new double[runs];
            double[] stacking = new double[runs];
            double[] clean = new double[runs];
            Region top = capture.windowRegion(uncovered);
            for (int i = 0; i < runs; i++) {
                long start = System.nanoTime();
                capture.capture(capture.windowRegion(window));
                before[i] = (System.nanoTime() - start) / 1e6;
                start = System.nanoTime();
                Region now = capture.windowRegion(window);
                capture.capture(now);
                capture.occlusion(id, now).orElseThrow();
                after[i] = (System.nanoTime() - start) / 1e6;
                start = System.nanoTime();
                capture.occlusion(id, region).orElseThrow();
                stacking[i] = (System.nanoTime() - start) / 1e6;
                start = System.nanoTime();
                if (capture.occlusion(Long.toString(uncovered), top).isPresent()) {
                    throw new IllegalStateException("the window on top is covered");
                }
                clean[i] = (System.nanoTime() - start) / 1e6;
            }
            double[] b = sorted(before);
            double[] a = sorted(after);
            System.out.printf(
                    "window capture %dx%d, covered: before (region + MIT-SHM) median %.2f ms (min %.2f, max %.2f);"
                            + " with the stacking read median %.2f ms (min %.2f, max %.2f); stacking alone median"
                            + " %.2f ms; the stacking read of the uncovered window on top median %.2f ms%n",
                    region.width(),
                    region.height(),
                    b[runs / 2],
                    b[0],
                    b[runs - 1],
                    a[runs / 2],
                    a[0],
                    a[runs - 1],
                    sorted(stacking)[runs / 2],
                    sorted(clean)[runs / 2]);
        } finally {
            capture.close();
        }
    }

    private static double[] sorted(double[] values) {
        double[] copy = values.clone();
        Arrays.sort(copy);
        return copy;
    }
}
