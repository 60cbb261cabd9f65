package org.praefectus.vision.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.praefectus.api.cli.CliCommand;
import org.praefectus.api.cli.CliCommandException;
import org.praefectus.api.cli.Command;
import org.praefectus.api.cli.Options;
import org.praefectus.api.vision.ImageAnalysis;
import org.praefectus.api.vision.ImageComparison;
import org.praefectus.api.vision.VisionException;
import org.praefectus.api.vision.VisualCompareOptions;

/**
 * {@code compare [--expected] A [--actual] B [options]}: compares two image files. A mismatch is the error
 * {@code visual_mismatch} (exit 3, the comparison in the error's {@code details}) unless {@code --no-fail};
 * {@code --report} and {@code --diff-output} are written either way.
 */
@Component(service = CliCommand.class)
@Command(CompareCommand.NAME)
public final class CompareCommand implements CliCommand {

    static final String NAME = "compare";
    private static final Set<String> VALUED = Set.of(
            "expected",
            "actual",
            "region",
            "ignore-region",
            "threshold",
            "max-changed-ratio",
            "max-changed-pixels",
            "max-mae",
            "max-channel-delta",
            "size-policy",
            "alpha",
            "diff-output",
            "report");
    private final ImageAnalysis analysis;

    @Activate
    public CompareCommand(@Reference ImageAnalysis analysis) {
        this.analysis = analysis;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String summary() {
        return "compare two images: changed pixels, ratio, MAE, bounds, match verdict; optional diff PNG and report";
    }

    @Override
    public Object run(List<String> arguments) throws CliCommandException {
        Options flags = Options.parse(NAME, arguments, VALUED, Set.of("no-fail"), Set.of("ignore-region"));
        List<String> files = new java.util.ArrayList<>(flags.positional());
        String expected = flags.value("expected");
        String actual = flags.value("actual");
        if (expected == null && !files.isEmpty()) {
            expected = files.remove(0);
        }
        if (actual == null && !files.isEmpty()) {
            actual = files.remove(0);
        }
        if (expected == null || actual == null || !files.isEmpty()) {
            throw CliCommandException.usage(NAME + ": give exactly two images, expected and actual");
        }
        VisualCompareOptions options;
        try {
            VisualCompareOptions.Builder builder = VisualCompareOptions.builder()
                    .region(VisionOptions.region(flags, "region"))
                    .perChannelThreshold(flags.integer("threshold", 0, 0, 255))
                    .maxChangedRatio(flags.decimal("max-changed-ratio", 0, 0, 1))
                    .maxChangedPixels(flags.number("max-changed-pixels", 0, Long.MAX_VALUE))
                    .maxMeanAbsoluteError(flags.decimal("max-mae", 0, 255))
                    .maxChannelDelta(flags.integer("max-channel-delta", 0, 255))
                    .sizePolicy(CompareOptionsParser.sizePolicy(NAME, flags))
                    .alphaMode(CompareOptionsParser.alpha(NAME, flags));
            VisionOptions.regions(flags, "ignore-region").forEach(builder::ignoreRegion);
            options = builder.build();
        } catch (VisionException e) {
            throw VisionOptions.usage(NAME, e);
        }
        ImageComparison comparison;
        try {
            comparison = analysis.compare(
                    Path.of(expected), Path.of(actual), options, flags.path("diff-output"), flags.path("report"));
        } catch (VisionException e) {
            throw VisionOptions.failure(e);
        }
        if (!comparison.result().matches() && !flags.has("no-fail")) {
            throw CliCommandException.failure(ImageComparison.MISMATCH, comparison.mismatchMessage(), comparison);
        }
        return comparison;
    }
}
