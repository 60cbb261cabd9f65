package org.praefectus.benchmarks.vision;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;

/**
 * Times two tasks in alternation and summarises the per-pair ratios. On a shared, loaded machine both members
 * of a pair run under nearly the same load, so the median of the ratios is far steadier than the ratio of two
 * separately measured means; the order inside a pair alternates so that neither task always runs second.
 * Besides wall time it records the thread's CPU time, which leaves out the time other processes held the
 * core (meaningful only for tasks that run in this thread).
 */
final class PairedRatios {

    /** A task whose wall time is measured. */
    interface Task {
        Object run() throws Exception;
    }

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private final List<Double> ratios = new ArrayList<>();
    private final List<Double> cpuRatios = new ArrayList<>();
    private final List<Double> aMillis = new ArrayList<>();
    private final List<Double> bMillis = new ArrayList<>();
    /** Keeps results reachable so the JIT cannot drop the work: written, never read, on purpose. */
    @SuppressWarnings("UnusedVariable")
    private Object sink;

    /** Runs {@code pairs} pairs and records {@code time(a) / time(b)} for each. */
    PairedRatios measure(int pairs, Task a, Task b) throws Exception {
        for (int i = 0; i < pairs; i++) {
            long[] ta;
            long[] tb;
            if (i % 2 == 0) {
                ta = time(a);
                tb = time(b);
            } else {
                tb = time(b);
                ta = time(a);
            }
            aMillis.add(ta[0] / 1e6);
            bMillis.add(tb[0] / 1e6);
            ratios.add((double) ta[0] / tb[0]);
            cpuRatios.add((double) Math.max(ta[1], 1) / Math.max(tb[1], 1));
        }
        return this;
    }

    /** Wall and thread CPU nanoseconds of one run. */
    private long[] time(Task task) throws Exception {
        long cpu = THREADS.getCurrentThreadCpuTime();
        long start = System.nanoTime();
        sink = task.run();
        return new long[] {System.nanoTime() - start, THREADS.getCurrentThreadCpuTime() - cpu};
    }

    /** The median ratio of the two tasks' thread CPU times. */
    String cpuSummary(String a, String b) {
        return String.format(
                Locale.ROOT,
                "%s / %s thread CPU time: median ratio %.3f (quartiles %.3f–%.3f)",
                a,
                b,
                quantile(cpuRatios, 0.5),
                quantile(cpuRatios, 0.25),
                quantile(cpuRatios, 0.75));
    }

    /** Median wall-time ratio, its quartiles and the medians of both tasks' wall times. */
    String summary(String a, String b) {
        return String.format(
                Locale.ROOT,
                "%s / %s: median ratio %.3f (quartiles %.3f–%.3f, min %.3f, max %.3f, %d pairs); "
                        + "median %s %.2f ms, median %s %.2f ms",
                a,
                b,
                quantile(ratios, 0.5),
                quantile(ratios, 0.25),
                quantile(ratios, 0.75),
                quantile(ratios, 0),
                quantile(ratios, 1),
                ratios.size(),
                a,
                quantile(aMillis, 0.5),
                b,
                quantile(bMillis, 0.5));
    }

    static double quantile(List<Double> values, double q) {
        List<Double> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        double position = q * (sorted.size() - 1);
        int low = (int) Math.floor(position);
        int high = (int) Math.ceil(position);
        return sorted.get(low) + (sorted.get(high) - sorted.get(low)) * (position - low);
    }
}
