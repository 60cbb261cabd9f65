package org.praefectus.tests.remote;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * An engine host's results file: per operation {@code LATENCY <µs>} and {@code RESULT <operation> <kind>
 * <replayed> [code message]}, then {@code DONE}.
 */
record Results(Map<String, String> byOperation, List<Long> latenciesMicros, boolean done, List<String> lines) {

    static Results read(Path file) throws IOException {
        List<String> lines = SignedOperations.lines(file);
        Map<String, String> results = new LinkedHashMap<>();
        List<Long> latencies = new ArrayList<>();
        boolean done = false;
        for (String line : lines) {
            if (line.startsWith("LATENCY ")) {
                latencies.add(Long.parseLong(line.substring("LATENCY ".length())));
            } else if (line.equals("DONE")) {
                done = true;
            } else if (line.startsWith("RESULT ")) {
                String[] parts = line.split(" ", 3);
                results.put(parts[1], parts[2]);
            }
        }
        return new Results(results, latencies, done, lines);
    }

    /** The terminal kind of an operation ({@code succeeded}, {@code outcome_unknown}, …), or null. */
    String kind(String operation) {
        String result = byOperation.get(operation);
        return result == null ? null : result.split(" ")[0];
    }

    boolean replayed(String operation) {
        String result = byOperation.get(operation);
        return result != null && result.split(" ")[1].equals("true");
    }
}
