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
import org.praefectus.api.vision.UiElementDetectionOptions;
import org.praefectus.api.vision.UiElementSort;
import org.praefectus.api.vision.VisionException;

/** {@code vision-elements [--image] IMAGE [options]}: salient UI regions found from pixels alone. */
@Component(service = CliCommand.class)
@Command(VisionElementsCommand.NAME)
public final class VisionElementsCommand implements CliCommand {

    static final String NAME = "vision-elements";
    private static final Set<String> VALUED = Set.of(
            "image",
            "region",
            "ignore-region",
            "threshold",
            "min-width",
            "min-height",
            "min-component-pixels",
            "min-confidence",
            "max-width",
            "max-height",
            "min-area",
            "max-area",
            "max-elements",
            "merge-distance",
            "padding",
            "sort",
            "mask-output",
            "overlay-output");

    private final ImageAnalysis analysis;

    @Activate
    public VisionElementsCommand(@Reference ImageAnalysis analysis) {
        this.analysis = analysis;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String summary() {
        return "detect UI regions in an image from pixels alone; optional mask and overlay PNGs";
    }

    @Override
    public Object run(List<String> arguments) throws CliCommandException {
        Options flags = Options.parse(NAME, arguments, VALUED, Set.of(), Set.of("ignore-region"));
        String image = flags.value("image");
        List<String> rest = flags.positional();
        if (image == null && rest.size() == 1) {
            image = rest.get(0);
        } else if (image == null || !rest.isEmpty()) {
            throw CliCommandException.usage(NAME + ": give exactly one image");
        }
        UiElementDetectionOptions options;
        try {
            UiElementDetectionOptions.Builder builder = UiElementDetectionOptions.builder()
                    .region(VisionOptions.region(flags, "region"))
                    .edgeThreshold(flags.integer("threshold", 24, 1, 255))
                    .minWidth(flags.integer("min-width", 8, 1, Integer.MAX_VALUE))
                    .minHeight(flags.integer("min-height", 8, 1, Integer.MAX_VALUE))
                    .minComponentPixels(flags.integer("min-component-pixels", 12, 1, Integer.MAX_VALUE))
                    .minConfidence(flags.decimal("min-confidence", 0, 1))
                    .maxWidth(flags.integer("max-width", 1, Integer.MAX_VALUE))
                    .maxHeight(flags.integer("max-height", 1, Integer.MAX_VALUE))
                    .minArea(flags.number("min-area", 0, Long.MAX_VALUE))
                    .maxArea(flags.number("max-area", 0, Long.MAX_VALUE))
                    .maxElements(flags.integer("max-elements", 100, 1, 100_000))
                    .mergeDistance(flags.integer("merge-distance", 2, 0, 10_000))
                    .padding(flags.integer("padding", 0, 0, 10_000));
            String sort = flags.value("sort");
            if (sort != null) {
                builder.sort(UiElementSort.parse(sort));
            }
            VisionOptions.regions(flags, "ignore-region").forEach(builder::ignoreRegion);
            options = builder.build();
        } catch (VisionException e) {
            throw VisionOptions.usage(NAME, e);
        }
        try {
            return analysis.elements(Path.of(image), options, flags.path("mask-output"), flags.path("overlay-output"));
        } catch (VisionException e) {
            throw VisionOptions.failure(e);
        }
    }
}
