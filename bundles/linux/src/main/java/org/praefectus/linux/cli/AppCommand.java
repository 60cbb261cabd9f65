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
import org.praefectus.api.desktop.ApplicationOutcome;
import org.praefectus.api.desktop.DesktopException;
import org.praefectus.api.desktop.DesktopService;
import org.praefectus.api.desktop.InputOutcome;
import org.praefectus.api.desktop.InputRequest;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.resident.ResidentHost;

/**
 * {@code app launch|switch|quit NAME}: an application verb ({@link InputRequest#application}) on the application a
 * desktop profile or a {@code .desktop} ID names (never a command), signed by the resident host (or shown with
 * {@code --dry-run}); only a {@code succeeded} terminal is a success, and a launch or switch answers the window it
 * showed.
 */
@Component(service = CliCommand.class)
@Command(AppCommand.NAME)
public final class AppCommand implements CliCommand {

    static final String NAME = "app";

    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC)
    volatile ResidentHost host;

    private final DesktopService desktop;

    @Activate
    public AppCommand(@Reference DesktopService desktop) {
        this.desktop = desktop;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String summary() {
        return "app launch|switch|quit NAME [--dry-run]: the signed application action on a desktop profile or a"
                + " .desktop ID";
    }

    @Override
    public Object run(List<String> arguments) throws CliCommandException {
        if (arguments.isEmpty() || !InputRequest.APPLICATION_VERBS.containsKey(arguments.get(0))) {
            throw CliCommandException.usage(NAME + " takes one of launch|switch|quit");
        }
        String verb = arguments.get(0);
        Options flags =
                Options.parse(NAME + " " + verb, arguments.subList(1, arguments.size()), Set.of(), Set.of("dry-run"));
        if (flags.positional().size() != 1) {
            throw CliCommandException.usage(
                    NAME + " " + verb + " takes one name: a desktop profile (desktop profiles) or a .desktop ID");
        }
        return run(desktop, InputRequest.application(verb, flags.positional().get(0), flags.has("dry-run")), host);
    }

    /** An application verb or {@code open} through {@code desktop}: its outcome with the window it showed. */
    static ApplicationOutcome run(DesktopService desktop, InputRequest request, ResidentHost host)
            throws CliCommandException {
        InputOutcome outcome;
        try {
            outcome = desktop.input(request, host, new CancellationToken());
        } catch (DesktopException e) {
            throw DesktopFailures.of(e);
        }
        DesktopException failure = outcome.failure();
        if (failure != null) {
            // only a succeeded terminal is a success: the receipt or terminal goes with the error
            throw CliCommandException.failure(failure.code(), failure.getMessage(), outcome);
        }
        return ApplicationOutcome.of(desktop, outcome);
    }
}
