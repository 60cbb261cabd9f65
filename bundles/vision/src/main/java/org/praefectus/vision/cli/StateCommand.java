package org.praefectus.vision.cli;

import java.nio.file.Path;
import java.util.ArrayList;
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
import org.praefectus.api.vision.UiStateOptions;
import org.praefectus.api.vision.VisionException;

/** {@code state FRAME... | --image FRAME...}: classifies an image sequence as stable, loading or changing. */
@Component(service = CliCommand.class)
@Command(StateCommand.NAME)
public final class StateCommand implements CliCommand {

    static final String NAME = "state";
    private static final Set<String> VALUED = Set.of(
            "image",
            "region",
            "ignore-region",
            "threshold",
            "stable-max-changed-ratio",
            "stable-max-changed-pixels",
            "stable-max-mae",
            "stable-max-channel-delta",
            "loading-min-changed-ratio",
            "loading-min-changed-pixels",
            "required-stable-transitions",
            "size-policy",
            "alpha");

    private final ImageAnalysis analysis;

    @Activate
    public StateCommand(@Reference ImageAnalysis analysis) {
        this.analysis = analysis;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String summary() {
        return "classify an image sequence as stable, loading or changing";
    }

    @Override
    public Object run(List<String> arguments) throws CliCommandException {
        Options flags = Options.parse(NAME, arguments, VALUED, Set.of(), Set.of("image", "ignore-region"));
        List<String> images = new ArrayList<>(flags.all("image"));
        images.addAll(flags.positional());
        if (images.size() < 2) {
            throw CliCommandException.usage(NAME + ": give at least two images, oldest first");
        }
        UiStateOptions options;
        try {
            UiStateOptions.Builder builder = UiStateOptions.builder()
                    .region(VisionOptions.region(flags, "region"))
                    .perChannelThreshold(flags.integer("threshold", 2, 0, 255))
                    .stableMaxChangedRatio(flags.decimal("stable-max-changed-ratio", 0.001, 0, 1))
                    .stableMaxChangedPixels(flags.number("stable-max-changed-pixels", 0, Long.MAX_VALUE))
                    .stableMaxMeanAbsoluteError(flags.decimal("stable-max-mae", 0, 255))
                    .stableMaxChannelDelta(flags.integer("stable-max-channel-delta", 0, 255))
                    .loadingMinChangedRatio(flags.decimal("loading-min-changed-ratio", 0.02, 0, 1))
                    .loadingMinChangedPixels(flags.number("loading-min-changed-pixels", 0, Long.MAX_VALUE))
                    .requiredStableTransitions(flags.integer("required-stable-transitions", 1, 1, 10_000))
                    .sizePolicy(CompareOptionsParser.sizePolicy(NAME, flags))
                    .alphaMode(CompareOptionsParser.alpha(NAME, flags));
            VisionOptions.regions(flags, "ignore-region").forEach(builder::ignoreRegion);
            options = builder.build();
        } catch (VisionException e) {
            throw VisionOptions.usage(NAME, e);
        }
        try {
            return analysis.state(images.stream().map(Path::of).toList(), options);
        } catch (VisionException e) {
            throw VisionOptions.failure(e);
        }
    }
}
