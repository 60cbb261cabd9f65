package org.praefectus.vision.cli;

import java.util.ArrayList;
import java.util.List;
import org.praefectus.api.cli.CliCommandException;
import org.praefectus.api.cli.Options;
import org.praefectus.api.vision.Region;
import org.praefectus.api.vision.VisionException;

/** What the vision commands read from their {@link Options} beyond its plain types: regions and errors. */
final class VisionOptions {

    private VisionOptions() {}

    /** The region {@code x,y,width,height} of the option, or {@code null} when it was not given. */
    static Region region(Options options, String name) throws CliCommandException {
        String value = options.value(name);
        return value == null ? null : region(options, name, value);
    }

    /** Every region of a repeatable option. */
    static List<Region> regions(Options options, String name) throws CliCommandException {
        List<Region> regions = new ArrayList<>();
        for (String value : options.all(name)) {
            regions.add(region(options, name, value));
        }
        return regions;
    }

    private static Region region(Options options, String name, String value) throws CliCommandException {
        try {
            return Region.parse(value);
        } catch (VisionException e) {
            throw options.usage("--" + name + " is x,y,width,height with a positive size");
        }
    }

    /** Turns an option error found while building the options record into a usage error. */
    static CliCommandException usage(String command, VisionException e) {
        return CliCommandException.usage(command + ": " + e.getMessage());
    }

    /** Turns a failure of the vision services into the envelope's error. */
    static CliCommandException failure(VisionException e) {
        return CliCommandException.failure(e.code(), e.getMessage());
    }
}
