package org.praefectus.linux.cli;

import java.util.HashSet;
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
import org.praefectus.api.desktop.DesktopException;
import org.praefectus.api.desktop.DesktopService;
import org.praefectus.api.desktop.ElementScope;
import org.praefectus.api.desktop.InputOutcome;
import org.praefectus.api.desktop.InputRequest;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.resident.ResidentHost;

/**
 * {@code window focus|minimize|close}: a window verb ({@link InputRequest#window}) on the one window {@code --app},
 * {@code --window-title} or {@code --window-id} names, signed by the resident host (or shown with
 * {@code --dry-run}); only a {@code succeeded} terminal is a success.
 */
@Component(service = CliCommand.class)
@Command(WindowCommand.NAME)
public final class WindowCommand implements CliCommand {

    static final String NAME = "window";

    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC)
    volatile ResidentHost host;

    private final DesktopService desktop;

    @Activate
    public WindowCommand(@Reference DesktopService desktop) {
        this.desktop = desktop;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String summary() {
        return "window focus|minimize|close --app A | --window-title T | --window-id ID [--dry-run]:"
                + " the signed window action on the one window named";
    }

    @Override
    public Object run(List<String> arguments) throws CliCommandException {
        if (arguments.isEmpty() || !InputRequest.WINDOW_VERBS.containsKey(arguments.get(0))) {
            throw CliCommandException.usage(NAME + " takes one of focus|minimize|close");
        }
        String verb = arguments.get(0);
        Options flags = Options.parse(
                NAME + " " + verb,
                arguments.subList(1, arguments.size()),
                new HashSet<>(SelectorFlags.SCOPE),
                Set.of("dry-run"));
        ElementScope scope = SelectorFlags.scope(flags);
        if (scope.equals(ElementScope.ALL)) {
            throw CliCommandException.usage(NAME + " " + verb + " needs --app, --window-title or --window-id");
        }
        InputOutcome outcome;
        try {
            outcome = desktop.input(
                    InputRequest.window(verb, scope, flags.has("dry-run")), host, new CancellationToken());
        } catch (DesktopException e) {
            throw DesktopFailures.of(e);
        }
        DesktopException failure = outcome.failure();
        if (failure != null) {
            // only a succeeded terminal is a success: the receipt or terminal goes with the error
            throw CliCommandException.failure(failure.code(), failure.getMessage(), outcome);
        }
        return outcome;
    }
}
