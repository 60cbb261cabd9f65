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
import org.praefectus.api.desktop.TextRead;
import org.praefectus.api.executor.CancellationToken;

/**
 * {@code read-text}: one page of the text of the element a selector finds ({@link DesktopService#readText});
 * {@code next_offset} says where the next page starts.
 */
@Component(service = CliCommand.class)
@Command(ReadTextCommand.NAME)
public final class ReadTextCommand implements CliCommand {

    static final String NAME = "read-text";
    /** Characters per page when {@code --length} is not given. */
    static final int DEFAULT_LENGTH = 4_096;

    private final DesktopService desktop;

    @Activate
    public ReadTextCommand(@Reference DesktopService desktop) {
        this.desktop = desktop;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String summary() {
        return "read-text --selector S [--app A] [--window-title T] [--window-id ID] [--offset N] [--length N]:"
                + " a page of an element's text";
    }

    @Override
    public Object run(List<String> arguments) throws CliCommandException {
        Set<String> valued = new HashSet<>(SelectorFlags.options());
        valued.addAll(Set.of("offset", "length"));
        Options flags = Options.parse(NAME, arguments, valued, Set.of());
        ElementQuery query = SelectorFlags.requiredQuery(NAME, flags);
        try {
            return desktop.readText(
                    query,
                    flags.integer("offset", 0, 0, Integer.MAX_VALUE),
                    flags.integer("length", DEFAULT_LENGTH, 1, TextRead.MAX_PAGE),
                    new CancellationToken());
        } catch (DesktopException e) {
            throw DesktopFailures.of(e);
        }
    }
}
