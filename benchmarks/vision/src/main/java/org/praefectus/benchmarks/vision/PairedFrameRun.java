package org.praefectus.benchmarks.vision;

/**
 * The frame benchmark as interleaved pairs: each compare (or delta) of two 1920x1080 RGBA frames is timed next
 * to a memory copy of both frames, and the median of the per-pair ratios is reported. A ratio of 2 is the goal's
 * limit (half the memory copy's throughput). Run with
 * {@code java -cp vision-benchmarks.jar org.praefectus.benchmarks.vision.PairedFrameRun [pairs]}.
 */
public final class PairedFrameRun {

    private PairedFrameRun() {}

    public static void main(String[] args) throws Exception {
        int pairs = args.length > 0 ? Integer.parseInt(args[0]) : 400;
        System.out.println(LoadAverage.describe());
        for (String change : new String[] {"none", "widget", "full"}) {
            FrameBenchmark frames = new FrameBenchmark();
            frames.change = change;
            frames.frames();
            // warm-up: let C2 compile (and vectorise) the loops before anything is recorded
            new PairedRatios().measure(pairs / 2, frames::compare, frames::memcpyBothFrames);
            new PairedRatios().measure(pairs / 2, frames::delta, frames::memcpyBothFrames);
            PairedRatios compare = new PairedRatios().measure(pairs, frames::compare, frames::memcpyBothFrames);
            PairedRatios delta = new PairedRatios().measure(pairs, frames::delta, frames::memcpyBothFrames);
            System.out.println(change + ": " + compare.summary("compare", "memcpy"));
            System.out.println(change + ": " + compare.cpuSummary("compare", "memcpy"));
            System.out.println(change + ": " + delta.summary("delta", "memcpy"));
            System.out.println(change + ": " + delta.cpuSummary("delta", "memcpy"));
        }
        System.out.println(LoadAverage.describe());
    }
}
