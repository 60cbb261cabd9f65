package org.praefectus.linux.cli;

import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.praefectus.api.cli.CliCommand;
import org.praefectus.api.cli.Command;
import org.praefectus.api.desktop.DesktopService;

/** {@code click}: PeekabooX's click verb, signed by the resident host (or shown with {@code --dry-run}). */
@Component(service = CliCommand.class)
@Command(ClickCommand.NAME)
public final class ClickCommand extends InputVerbCommand {

    static final String NAME = "click";

    @Activate
    public ClickCommand(@Reference DesktopService desktop) {
        super(NAME, desktop);
    }
}
