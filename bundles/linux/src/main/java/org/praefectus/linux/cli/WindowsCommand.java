package org.praefectus.linux.cli;

import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.praefectus.api.cli.CliCommand;
import org.praefectus.api.cli.CliCommandException;
import org.praefectus.api.cli.Command;
import org.praefectus.api.cli.Options;
import org.praefectus.api.desktop.DesktopException;
import org.praefectus.api.desktop.DesktopService;
import org.praefectus.api.desktop.WindowQuery;
import org.praefectus.api.executor.CancellationToken;

/**
 * {@code windows [--id ID] [--app A] [--title T] [--title-regex R] [--focused] [--limit N]
 * [--sort backend|focused|title|app|area|id|state] [--backend auto|at-spi|x11] [--diagnose]}.
 */
@Component(service = CliCommand.class)
@Command(WindowsCommand.NAME)
public final class WindowsCommand implements CliCommand {

    static final String NAME = "windows";

    private final DesktopService desktop;

    @Activate
    public WindowsCommand(@Reference DesktopService desktop) {
        this.desktop = desktop;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String summary() {
        return "windows [--app A] [--title T] [--title-regex R] [--focused] [--limit N] [--sort K] [--backend B]"
                + " [--diagnose]: EWMH windows joined with AT-SPI";
    }

    @Override
    public Object run(List<String> arguments) throws CliCommandException {
        Options flags = Options.parse(
                NAME,
                arguments,
                Set.of("id", "app", "title", "title-regex", "limit", "sort", "backend"),
                Set.of("focused", "diagnose"));
        if (!flags.positional().isEmpty()) {
            throw CliCommandException.usage("windows takes no positional arguments");
        }
        String sort = flags.value("sort");
        if (sort != null && !WindowQuery.SORTS.contains(sort)) {
            throw CliCommandException.usage("windows: --sort takes one of " + String.join("|", WindowQuery.SORTS));
        }
        String backend = flags.has("backend") ? flags.value("backend") : "auto";
        if (backend.equals("xdotool")) {
            backend = "x11"; // PeekabooX's X11 backend is xdotool; here it is EWMH over Xlib
        }
        if (!WindowQuery.BACKENDS.contains(backend)) {
            throw CliCommandException.usage("windows: --backend takes auto, at-spi, x11 or xdotool");
        }
        Pattern regex = null;
        if (flags.has("title-regex")) {
            try {
                regex = Pattern.compile(flags.value("title-regex"));
            } catch (PatternSyntaxException e) {
                throw CliCommandException.failure(
                        "invalid_regex", "windows: --title-regex is not a valid regular expression");
            }
        }
        WindowQuery options = new WindowQuery(
                flags.value("id"),
                flags.value("app"),
                flags.value("title"),
                regex,
                flags.has("focused"),
                flags.integer("limit", 0, 0, 100_000),
                sort,
                backend,
                flags.has("diagnose"));
        try {
            return desktop.windows(options, new CancellationToken());
        } catch (DesktopException e) {
            throw CliCommandException.failure(e.code(), e.getMessage());
        }
    }
}
