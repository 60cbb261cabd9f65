package org.praefectus.macos.executor;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.praefectus.macos.ax.AxApi;
import org.praefectus.macos.ax.AxElement;

/**
 * The accessibility opt-ins the host asked for with {@code PRAEFECTUS_AX_OPT_IN} (comma-separated). Chromium
 * and Electron hosts publish a full tree only once {@code AXEnhancedUserInterface} or
 * {@code AXManualAccessibility} is set on their application element; Praefectus never sets them otherwise.
 * What was actually applied goes into the provenance, so its hash fences every target.
 */
final class HostOptIns {

    /** The environment variable. */
    static final String ENV = "PRAEFECTUS_AX_OPT_IN";

    /** The only attributes a host may opt into. */
    static final Set<String> KNOWN = Set.of("AXEnhancedUserInterface", "AXManualAccessibility");

    private final List<String> requested;
    private final boolean valid;

    private HostOptIns(List<String> requested, boolean valid) {
        this.requested = requested;
        this.valid = valid;
    }

    /** The opt-ins a value of {@value #ENV} names; any unknown name makes the whole setting invalid. */
    static HostOptIns parse(String value) {
        if (value == null || value.isBlank()) {
            return new HostOptIns(List.of(), true);
        }
        TreeSet<String> names = new TreeSet<>();
        for (String part : value.split(",", -1)) {
            String name = part.strip();
            if (!KNOWN.contains(name)) {
                return new HostOptIns(List.of(), false);
            }
            names.add(name);
        }
        return new HostOptIns(List.copyOf(names), true);
    }

    /** Whether the setting names only known opt-ins. */
    boolean valid() {
        return valid;
    }

    /** The opt-ins requested, sorted. */
    List<String> requested() {
        return requested;
    }

    /**
     * Sets each requested attribute to true on the application element and answers those the application
     * accepted, sorted (the provenance's {@code host_opt_ins}). Idempotent: the resolver applies them again
     * and compares, so a target observed under an opt-in never resolves without it.
     */
    List<String> apply(AxApi ax, AxElement application) {
        List<String> applied = new ArrayList<>();
        for (String name : requested) {
            if (ax.setFlag(application, name, true) == AxApi.SUCCESS) {
                applied.add(name);
            }
        }
        return List.copyOf(applied);
    }
}
