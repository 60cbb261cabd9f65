package org.praefectus.vision.cli;

import java.util.Set;
import org.praefectus.api.cli.CliCommandException;
import org.praefectus.api.vision.AlphaMode;
import org.praefectus.api.vision.SizePolicy;
import org.praefectus.api.vision.VisionException;

/** The size-policy and alpha options shared by compare and state. */
final class CompareOptionsParser {

    static final Set<String> SHARED = Set.of("region", "ignore-region", "threshold", "size-policy", "alpha");

    private CompareOptionsParser() {}

    static SizePolicy sizePolicy(String command, Flags flags) throws CliCommandException {
        String value = flags.string("size-policy");
        try {
            return value == null ? SizePolicy.ERROR : SizePolicy.parse(value);
        } catch (VisionException e) {
            throw Flags.usage(command, e);
        }
    }

    static AlphaMode alpha(String command, Flags flags) throws CliCommandException {
        String value = flags.string("alpha");
        try {
            return value == null ? AlphaMode.IGNORE : AlphaMode.parse(value);
        } catch (VisionException e) {
            throw Flags.usage(command, e);
        }
    }
}
