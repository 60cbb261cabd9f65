package org.praefectus.linux.cli;

import java.util.List;
import java.util.Set;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.praefectus.api.cli.CliCommand;
import org.praefectus.api.cli.CliCommandException;
import org.praefectus.api.cli.Command;
import org.praefectus.api.cli.Options;
import org.praefectus.api.desktop.DesktopException;
import org.praefectus.api.desktop.DesktopService;
import org.praefectus.api.desktop.ElementQuery;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.selector.Selector;
import org.praefectus.api.vision.Region;
import org.praefectus.api.vision.UiElementDetectionOptions;

/**
 * {@code elements [--selector S] [--role R] [--state S] … [--app A] [--window-title T] [--window-id ID]
 * [--limit N] [--vision-fallback …]}: PeekabooX's element lookup ({@code find} is the same command).
 */
@Component(service = CliCommand.class)
@Command(ElementsCommand.NAME)
public final class ElementsCommand implements CliCommand {

    static final String NAME = "elements";

    static final Set<String> VISION = Set.of(
            "vision-region",
            "vision-threshold",
            "vision-min-width",
            "vision-min-height",
            "vision-min-component-pixels",
            "vision-max-elements",
            "vision-merge-distance");

    private final DesktopService desktop;

    @Activate
    public ElementsCommand(@Reference DesktopService desktop) {
        this.desktop = desktop;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String summary() {
        return "elements [--selector S | --role R --state S ...] [--app|--window-title|--window-id] [--limit N]"
                + " [--vision-fallback]: accessibility elements with their observation tags";
    }

    @Override
    public Object run(List<String> arguments) throws CliCommandException {
        return run(NAME, desktop, arguments);
    }

    static Object run(String name, DesktopService desktop, List<String> arguments) throws CliCommandException {
        Set<String> valued = new java.util.HashSet<>(SelectorFlags.options());
        valued.addAll(VISION);
        valued.add("limit");
        Options flags = Options.parse(name, arguments, valued, Set.of("vision-fallback"));
        if (!flags.positional().isEmpty()) {
            throw CliCommandException.usage(name + " takes no positional arguments (use --selector)");
        }
        Selector selector = SelectorFlags.selector(flags);
        ElementQuery options = new ElementQuery(
                selector == null ? Selector.any() : selector,
                SelectorFlags.scope(flags),
                flags.integer("limit", 0, 0, 100_000),
                flags.has("vision-fallback"),
                visionRegion(flags),
                visionOptions(flags));
        try {
            return desktop.findElements(options, new CancellationToken());
        } catch (DesktopException e) {
            throw CliCommandException.failure(e.code(), e.getMessage());
        }
    }

    private static Region visionRegion(Options flags) throws CliCommandException {
        long[] r = flags.numbers("vision-region", 4);
        return r == null ? null : new Region((int) r[0], (int) r[1], (int) r[2], (int) r[3]);
    }

    private static UiElementDetectionOptions visionOptions(Options flags) throws CliCommandException {
        UiElementDetectionOptions.Builder builder = UiElementDetectionOptions.builder();
        builder.edgeThreshold(flags.integer("vision-threshold", 24, 1, 255));
        builder.minWidth(flags.integer("vision-min-width", 8, 1, 100_000));
        builder.minHeight(flags.integer("vision-min-height", 8, 1, 100_000));
        builder.minComponentPixels(flags.integer("vision-min-component-pixels", 12, 1, 100_000_000));
        builder.maxElements(flags.integer("vision-max-elements", 25, 1, 10_000));
        builder.mergeDistance(flags.integer("vision-merge-distance", 2, 0, 1_000));
        return builder.build();
    }
}
