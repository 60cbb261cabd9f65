package org.praefectus.cli.launch;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Where start-up time goes: {@code jvm} (the VM's start to {@code main}), then the launcher's own phases
 * (framework, install, resolve, activation, command, stop, or daemon for a routed call). Printed as one JSON
 * line on stderr only when {@code PRAEFECTUS_PHASES=1}: stdout belongs to the envelope. With
 * {@code PRAEFECTUS_PHASES=bundles} the start of each bundle is its own phase ({@code start:SYMBOLIC-NAME},
 * its activator and the components SCR activates while it starts), and {@code activation} is what remains.
 */
final class Phases {

    static final String ENABLED = "PRAEFECTUS_PHASES";

    private final Map<String, Long> millis = new LinkedHashMap<>();
    private final boolean enabled;
    private final boolean perBundle;
    private final long mainAtMs;
    private long last;

    private Phases(String setting) {
        this.enabled = "1".equals(setting) || "bundles".equals(setting);
        this.perBundle = "bundles".equals(setting);
        this.mainAtMs = System.currentTimeMillis();
        this.last = System.nanoTime();
    }

    static Phases begin() {
        return new Phases(System.getenv(ENABLED));
    }

    /** Ends the start of one bundle as its own phase, when each bundle's start is asked for. */
    void markBundle(String symbolicName) {
        if (perBundle) {
            mark("start:" + symbolicName);
        }
    }

    /** Ends the phase called {@code name}, which began when the previous one ended. */
    void mark(String name) {
        if (!enabled) {
            return;
        }
        long now = System.nanoTime();
        millis.merge(name, (now - last) / 1_000_000, Long::sum);
        last = now;
    }

    void report() {
        if (!enabled) {
            return;
        }
        // the VM's own start time; java.management is loaded only now, when asked, and not counted
        long jvm = mainAtMs
                - java.lang.management.ManagementFactory.getRuntimeMXBean().getStartTime();
        StringBuilder line = new StringBuilder("{\"phases_ms\":{\"jvm\":" + jvm);
        String separator = ",";
        for (Map.Entry<String, Long> phase : millis.entrySet()) {
            line.append(separator)
                    .append('"')
                    .append(phase.getKey())
                    .append("\":")
                    .append(phase.getValue());
            separator = ",";
        }
        System.err.println(line.append("}}"));
    }
}
