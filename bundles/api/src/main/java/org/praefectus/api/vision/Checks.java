package org.praefectus.api.vision;

import java.util.List;

/** Range checks shared by the option records: each failure is {@code invalid_options} naming the field. */
final class Checks {

    private Checks() {}

    static int channel(String name, int value) {
        if (value < 0 || value > 255) {
            throw invalid(name + " must be between 0 and 255");
        }
        return value;
    }

    static Integer channel(String name, Integer value) {
        return value == null ? null : channel(name, (int) value);
    }

    static double ratio(String name, double value) {
        if (!(value >= 0 && value <= 1)) {
            throw invalid(name + " must be between 0.0 and 1.0");
        }
        return value;
    }

    static Double ratio(String name, Double value) {
        return value == null ? null : ratio(name, (double) value);
    }

    static Double meanError(String name, Double value) {
        if (value != null && !(value >= 0 && value <= 255)) {
            throw invalid(name + " must be between 0.0 and 255.0");
        }
        return value;
    }

    static Long nonNegative(String name, Long value) {
        if (value != null && value < 0) {
            throw invalid(name + " must not be negative");
        }
        return value;
    }

    static int positive(String name, int value) {
        if (value <= 0) {
            throw invalid(name + " must be greater than zero");
        }
        return value;
    }

    static Integer positive(String name, Integer value) {
        return value == null ? null : positive(name, (int) value);
    }

    static List<Region> regions(List<Region> regions) {
        return regions == null ? List.of() : List.copyOf(regions);
    }

    static VisionException invalid(String message) {
        return new VisionException(VisionException.INVALID_OPTIONS, message);
    }
}
