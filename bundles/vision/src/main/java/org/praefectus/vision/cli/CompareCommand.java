package org.praefectus.vision.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.praefectus.api.cli.CliCommand;
import org.praefectus.api.cli.CliCommandException;
import org.praefectus.api.cli.Command;
import org.praefectus.api.cli.Options;
import org.praefectus.api.vision.DiffImage;
import org.praefectus.api.vision.Frame;
import org.praefectus.api.vision.ImageCodec;
import org.praefectus.api.vision.VisionException;
import org.praefectus.api.vision.VisualComparator;
import org.praefectus.api.vision.VisualCompareOptions;
import org.praefectus.api.vision.VisualDiff;

/**
 * {@code compare [--expected] A [--actual] B [options]}: compares two image files. A mismatch is the error
 * {@code visual_mismatch} (exit 3) unless {@code --no-fail}; {@code --report} and {@code --diff-output} are
 * written either way.
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
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private final VisualComparator comparator;
    private final ImageCodec codec;

    @Activate
    public CompareCommand(@Reference VisualComparator comparator, @Reference ImageCodec codec) {
        this.comparator = comparator;
        this.codec = codec;
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
        Path diffOutput = flags.path("diff-output");
        Path report = flags.path("report");
        VisualDiff diff;
        try {
            Frame expectedFrame = codec.read(Path.of(expected));
            Frame actualFrame = codec.read(Path.of(actual));
            if (diffOutput != null) {
                DiffImage image = comparator.diffImage(expectedFrame, actualFrame, options);
                codec.writePng(image.image(), diffOutput);
                diff = image.diff();
            } else {
                diff = comparator.compare(expectedFrame, actualFrame, options);
            }
        } catch (VisionException e) {
            throw VisionOptions.failure(e);
        }
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("expected", expected);
        data.put("actual", actual);
        data.put("result", diff);
        data.put("diff_output", diffOutput == null ? null : diffOutput.toString());
        data.put("report", report == null ? null : report.toString());
        if (report != null) {
            try {
                Path parent = report.toAbsolutePath().getParent();
                if (parent != null) {
                    Files.createDirectories(parent);
                }
                Files.write(report, JSON.writeValueAsBytes(data));
            } catch (IOException e) {
                throw CliCommandException.failure(VisionException.IO_ERROR, "the report could not be written");
            }
        }
        if (!diff.matches() && !flags.has("no-fail")) {
            throw CliCommandException.failure(
                    "visual_mismatch",
                    "the images differ beyond the tolerance (" + diff.changedPixels() + " of " + diff.comparedPixels()
                            + " pixels changed)");
        }
        return data;
    }
}
