package org.praefectus.linux.cli;

import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.praefectus.api.cli.CliCommand;
import org.praefectus.api.cli.Command;
import org.praefectus.api.desktop.DesktopService;

/** {@code move}: PeekabooX's move verb, signed by the resident host (or shown with {@code --dry-run}). */
@Component(service = CliCommand.class)
@Command(MoveCommand.NAME)
public final class MoveCommand extends InputVerbCommand {

    static final String NAME = "move";

    @Activate
    public MoveCommand(@Reference DesktopService desktop) {
        super(NAME, desktop);
    }
}
