package org.praefectus.linux.cli;

import java.util.HashSet;
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
import org.praefectus.api.desktop.ElementWait;
import org.praefectus.api.executor.CancellationToken;

/**
 * {@code wait-for}: waits until an element matching the selector appears in scope, or with {@code --gone} until none
 * does ({@link DesktopService#waitFor}); a wait whose deadline passed is the error {@code timeout} (exit 3) with the
 * wait as details.
 */
@Component(service = CliCommand.class)
@Command(WaitForCommand.NAME)
public final class WaitForCommand implements CliCommand {

    static final String NAME = "wait-for";
    /** How long a wait takes when {@code --timeout-ms} is not given. */
    static final int DEFAULT_TIMEOUT_MS = 10_000;

    private final DesktopService desktop;

    @Activate
    public WaitForCommand(@Reference DesktopService desktop) {
        this.desktop = desktop;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String summary() {
        return "wait-for --selector S [--app A] [--window-title T] [--window-id ID] [--gone] [--timeout-ms N]:"
                + " until an element matches (or, with --gone, none does), read again at each AT-SPI change";
    }

    @Override
    public Object run(List<String> arguments) throws CliCommandException {
        Set<String> valued = new HashSet<>(SelectorFlags.options());
        valued.add("timeout-ms");
        Options flags = Options.parse(NAME, arguments, valued, Set.of("gone"));
        ElementQuery query = SelectorFlags.requiredQuery(NAME, flags);
        int timeout = flags.integer("timeout-ms", DEFAULT_TIMEOUT_MS, 0, (int) DesktopService.MAX_WAIT_MS);
        ElementWait wait;
        try {
            wait = desktop.waitFor(query, flags.has("gone"), timeout, new CancellationToken());
        } catch (DesktopException e) {
            throw DesktopFailures.of(e);
        }
        DesktopException timedOut = wait.failure();
        if (timedOut != null) {
            throw CliCommandException.failure(timedOut.code(), timedOut.getMessage(), wait);
        }
        return wait;
    }
}
