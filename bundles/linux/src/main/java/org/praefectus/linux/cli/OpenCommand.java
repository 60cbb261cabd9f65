package org.praefectus.linux.cli;

import java.util.List;
import java.util.Set;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.praefectus.api.cli.CliCommand;
import org.praefectus.api.cli.CliCommandException;
import org.praefectus.api.cli.Command;
import org.praefectus.api.cli.Options;
import org.praefectus.api.desktop.DesktopService;
import org.praefectus.api.desktop.InputRequest;
import org.praefectus.api.resident.ResidentHost;

/**
 * {@code open FILE|URL}: the signed {@code open} action ({@link InputRequest#open}), the file (an absolute path that
 * exists) or the http, https or file URL handed to the desktop's handler; signed by the resident host (or shown with
 * {@code --dry-run}); it answers the window that appeared.
 */
@Component(service = CliCommand.class)
@Command(OpenCommand.NAME)
public final class OpenCommand implements CliCommand {

    static final String NAME = "open";

    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC)
    volatile ResidentHost host;

    private final DesktopService desktop;

    @Activate
    public OpenCommand(@Reference DesktopService desktop) {
        this.desktop = desktop;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String summary() {
        return "open FILE|URL [--dry-run]: the signed open action, through the desktop's handler";
    }

    @Override
    public Object run(List<String> arguments) throws CliCommandException {
        Options flags = Options.parse(NAME, arguments, Set.of(), Set.of("dry-run"));
        if (flags.positional().size() != 1) {
            throw CliCommandException.usage(NAME + " takes one absolute path or http, https or file URL");
        }
        return AppCommand.run(desktop, InputRequest.open(flags.positional().get(0), flags.has("dry-run")), host);
    }
}
