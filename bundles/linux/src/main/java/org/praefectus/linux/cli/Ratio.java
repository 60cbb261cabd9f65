package org.praefectus.linux.cli;

import org.praefectus.api.cli.CliCommandException;
import org.praefectus.api.cli.Options;

/** PeekabooX's {@code --ratio rx,ry}: a point inside a region as two fractions from 0 to 1. */
final class Ratio {

    private Ratio() {}

    /** The two fractions of the option, or {@code null} when it was not given. */
    static double[] of(Options options, String name) throws CliCommandException {
        String value = options.value(name);
        if (value == null) {
            return null;
        }
        String[] parts = value.split(",", -1);
        try {
            if (parts.length != 2) {
                throw new NumberFormatException();
            }
            double x = Double.parseDouble(parts[0].strip());
            double y = Double.parseDouble(parts[1].strip());
            if (!(x >= 0 && x <= 1 && y >= 0 && y <= 1)) {
                throw new NumberFormatException();
            }
            return new double[] {x, y};
        } catch (NumberFormatException e) {
            throw options.usage("--" + name + " takes two fractions rx,ry from 0 to 1");
        }
    }
}
