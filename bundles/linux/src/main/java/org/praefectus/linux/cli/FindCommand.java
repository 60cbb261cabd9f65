package org.praefectus.linux.cli;

import java.util.List;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.praefectus.api.cli.CliCommand;
import org.praefectus.api.cli.CliCommandException;
import org.praefectus.api.cli.Command;
import org.praefectus.api.desktop.DesktopService;

/** {@code find}: PeekabooX's name for {@code elements}, with the same options and data. */
@Component(service = CliCommand.class)
@Command(FindCommand.NAME)
public final class FindCommand implements CliCommand {

    static final String NAME = "find";

    private final DesktopService desktop;

    @Activate
    public FindCommand(@Reference DesktopService desktop) {
        this.desktop = desktop;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String summary() {
        return "find --selector S ...: the same as elements";
    }

    @Override
    public Object run(List<String> arguments) throws CliCommandException {
        return ElementsCommand.run(NAME, desktop, arguments);
    }
}
