package org.praefectus.linux.cli;

import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.praefectus.api.cli.CliCommand;
import org.praefectus.api.cli.Command;
import org.praefectus.api.desktop.DesktopService;

/** {@code hotkey}: PeekabooX's hotkey verb, signed by the resident host (or shown with {@code --dry-run}). */
@Component(service = CliCommand.class)
@Command(HotkeyCommand.NAME)
public final class HotkeyCommand extends InputVerbCommand {

    static final String NAME = "hotkey";

    @Activate
    public HotkeyCommand(@Reference DesktopService desktop) {
        super(NAME, desktop);
    }
}
