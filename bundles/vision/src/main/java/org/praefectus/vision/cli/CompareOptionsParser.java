package org.praefectus.vision.cli;

import java.util.Set;
import org.praefectus.api.cli.CliCommandException;
import org.praefectus.api.cli.Options;
import org.praefectus.api.vision.AlphaMode;
import org.praefectus.api.vision.SizePolicy;
import org.praefectus.api.vision.VisionException;

/** The size-policy and alpha options shared by compare and state. */
final class CompareOptionsParser {

    static final Set<String> SHARED = Set.of("region", "ignore-region", "threshold", "size-policy", "alpha");

    private CompareOptionsParser() {}

    static SizePolicy sizePolicy(String command, Options flags) throws CliCommandException {
        String value = flags.value("size-policy");
        try {
            return value == null ? SizePolicy.ERROR : SizePolicy.parse(value);
        } catch (VisionException e) {
            throw VisionOptions.usage(command, e);
        }
    }

    static AlphaMode alpha(String command, Options flags) throws CliCommandException {
        String value = flags.value("alpha");
        try {
            return value == null ? AlphaMode.IGNORE : AlphaMode.parse(value);
        } catch (VisionException e) {
            throw VisionOptions.usage(command, e);
        }
    }
}
