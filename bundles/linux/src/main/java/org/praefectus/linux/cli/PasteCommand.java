package org.praefectus.linux.cli;

import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.praefectus.api.cli.CliCommand;
import org.praefectus.api.cli.Command;
import org.praefectus.api.desktop.DesktopService;

/** {@code paste}: PeekabooX's paste verb, signed by the resident host (or shown with {@code --dry-run}). */
@Component(service = CliCommand.class)
@Command(PasteCommand.NAME)
public final class PasteCommand extends InputVerbCommand {

    static final String NAME = "paste";

    @Activate
    public PasteCommand(@Reference DesktopService desktop) {
        super(NAME, desktop);
    }
}
