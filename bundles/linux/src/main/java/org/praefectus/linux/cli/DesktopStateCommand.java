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
import org.praefectus.api.executor.CancellationToken;

/**
 * {@code desktop-state [--limit N]}: PeekabooX's {@code GetDesktopState} — the windows, the active window
 * and the active window's elements (with their observation tags) in one answer.
 */
@Component(service = CliCommand.class)
@Command(DesktopStateCommand.NAME)
public final class DesktopStateCommand implements CliCommand {

    static final String NAME = "desktop-state";

    private final DesktopService desktop;

    @Activate
    public DesktopStateCommand(@Reference DesktopService desktop) {
        this.desktop = desktop;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String summary() {
        return "desktop-state [--limit N]: windows, the active window and its elements in one answer";
    }

    @Override
    public Object run(List<String> arguments) throws CliCommandException {
        Options flags = Options.parse(NAME, arguments, Set.of("limit"), Set.of());
        if (!flags.positional().isEmpty()) {
            throw CliCommandException.usage("desktop-state takes no positional arguments");
        }
        int limit = flags.integer("limit", 0, 0, 100_000);
        try {
            return desktop.desktopState(limit, new CancellationToken());
        } catch (DesktopException e) {
            throw CliCommandException.failure(e.code(), e.getMessage());
        }
    }
}
