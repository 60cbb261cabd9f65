package org.praefectus.linux.bench;

import java.util.Arrays;
import org.praefectus.linux.capture.ScreenImage;
import org.praefectus.linux.wayland.CastScreen;
import org.praefectus.linux.wayland.WaylandDesktop;

/**
 * Full-screen capture on the Wayland test desktop: the median of RUNS captures through the Screenshot portal
 * (each a portal request, gnome-shell writing a PNG, the PNG read and deleted), the same with the SHA-256
 * content hash a coordinate fence adds, and RUNS captures from a shared ScreenCast (the newest PipeWire frame,
 * after the first; the share is answered by scripts/wayland-consent). Run by benchmarks/linux/wayland.sh.
 */
public final class WaylandCaptureBenchmark {

    private WaylandCaptureBenchmark() {}

    public static void main(String[] arguments) throws Exception {
        int runs = arguments.length > 0 ? Integer.parseInt(arguments[0]) : 20;
        try (WaylandDesktop desktop = WaylandDesktop.connect(System.getenv())) {
            ScreenImage first = desktop.screenshots().captureScreen(System.currentTimeMillis() + 20_000);
            double[] capture = new double[runs];
            double[] fenced = new double[runs];
            for (int i = 0; i < runs; i++) {
                long start = System.nanoTime();
                desktop.screenshots().captureScreen(System.currentTimeMillis() + 20_000);
                capture[i] = (System.nanoTime() - start) / 1e6;
                start = System.nanoTime();
                desktop.screenshots().captureScreen(System.currentTimeMillis() + 20_000).contentHash();
                fenced[i] = (System.nanoTime() - start) / 1e6;
            }
            System.out.printf(
                    "portal screenshot %dx%d: median %.1f ms (min %.1f, max %.1f), with content hash median %.1f ms%n",
                    first.width(), first.height(), median(capture), min(capture), max(capture), median(fenced));
            CastScreen cast = desktop.screenCast(System.currentTimeMillis() + 60_000);
            cast.captureScreen(); // the first frame: the helper starts and negotiates
            double[] streamed = new double[runs];
            for (int i = 0; i < runs; i++) {
                long start = System.nanoTime();
                cast.captureScreen();
                streamed[i] = (System.nanoTime() - start) / 1e6;
            }
            System.out.printf(
                    "screen cast frame %dx%d: median %.2f ms (min %.2f, max %.2f)%n",
                    first.width(), first.height(), median(streamed), min(streamed), max(streamed));
        }
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }

    private static double min(double[] values) {
        return Arrays.stream(values).min().orElse(0);
    }

    private static double max(double[] values) {
        return Arrays.stream(values).max().orElse(0);
    }
}
