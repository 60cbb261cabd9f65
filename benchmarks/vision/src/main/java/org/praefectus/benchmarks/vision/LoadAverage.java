package org.praefectus.benchmarks.vision;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** The machine's load, printed before and after a run so the numbers can be read in context. */
final class LoadAverage {

    private LoadAverage() {}

    static String describe() {
        String load;
        try {
            load = Files.readString(Path.of("/proc/loadavg")).trim();
        } catch (IOException e) {
            load = "unknown";
        }
        return "cores " + Runtime.getRuntime().availableProcessors() + ", /proc/loadavg " + load;
    }
}
