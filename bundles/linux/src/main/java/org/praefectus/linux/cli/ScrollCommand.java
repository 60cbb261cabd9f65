package org.praefectus.linux.cli;

import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.praefectus.api.cli.CliCommand;
import org.praefectus.api.cli.Command;
import org.praefectus.api.desktop.DesktopService;

/**
 * {@code scroll}: wheel steps over a point, an element or where the pointer is, signed by the resident host (or shown
 * with {@code --dry-run}).
 */
@Component(service = CliCommand.class)
@Command(ScrollCommand.NAME)
public final class ScrollCommand extends InputVerbCommand {

    static final String NAME = "scroll";

    @Activate
    public ScrollCommand(@Reference DesktopService desktop) {
        super(NAME, desktop);
    }
}
