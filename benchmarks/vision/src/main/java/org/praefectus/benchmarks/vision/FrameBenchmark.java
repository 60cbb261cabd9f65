package org.praefectus.benchmarks.vision;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.praefectus.api.vision.CaptureDelta;
import org.praefectus.api.vision.Frame;
import org.praefectus.api.vision.PixelFormat;
import org.praefectus.api.vision.VisualCompareOptions;
import org.praefectus.api.vision.VisualDiff;
import org.praefectus.vision.compare.CaptureDeltas;
import org.praefectus.vision.compare.FrameComparison;

/**
 * Compare and capture delta of two 1920x1080 RGBA frames against the floor: a plain memory copy of both frames
 * (16.6 MB) in the same run. {@code change} is the changed area: none, a 200x100 widget, or a full-screen
 * repaint with every pixel different.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class FrameBenchmark {

    static final int WIDTH = 1920;
    static final int HEIGHT = 1080;

    @Param({"none", "widget", "full"})
    public String change;

    byte[] previousBytes;
    byte[] currentBytes;
    byte[] copyA;
    byte[] copyB;
    Frame previous;
    Frame current;

    @Setup
    public void frames() {
        previousBytes = new byte[WIDTH * HEIGHT * 4];
        for (int i = 0; i < previousBytes.length; i++) {
            previousBytes[i] = (byte) (i * 31 + (i >> 12));
        }
        currentBytes = previousBytes.clone();
        switch (change) {
            case "widget" -> {
                for (int y = 500; y < 600; y++) {
                    for (int x = 800; x < 1000; x++) {
                        currentBytes[(y * WIDTH + x) * 4] ^= 0x40;
                    }
                }
            }
            case "full" -> {
                for (int i = 0; i < currentBytes.length; i += 4) {
                    currentBytes[i + 1] ^= 0x20;
                }
            }
            default -> {}
        }
        previous = Frame.packed(WIDTH, HEIGHT, PixelFormat.RGBA8, previousBytes);
        current = Frame.packed(WIDTH, HEIGHT, PixelFormat.RGBA8, currentBytes);
        copyA = new byte[previousBytes.length];
        copyB = new byte[currentBytes.length];
    }

    @Benchmark
    public byte[] memcpyBothFrames() {
        System.arraycopy(previousBytes, 0, copyA, 0, previousBytes.length);
        System.arraycopy(currentBytes, 0, copyB, 0, currentBytes.length);
        return copyB;
    }

    @Benchmark
    public VisualDiff compare() {
        return FrameComparison.compare(previous, current, VisualCompareOptions.DEFAULTS);
    }

    @Benchmark
    public CaptureDelta delta() {
        return CaptureDeltas.delta(previous, current, 1, VisualCompareOptions.DEFAULTS);
    }
}
