package org.praefectus.linux.cli;

import org.praefectus.api.cli.CliCommand;
import org.praefectus.api.desktop.DesktopService;
import org.praefectus.api.resident.ResidentHost;

/** The desktop tests' commands with the test's own resident host bound, as DS binds the runtime's. */
public final class HostedCommands {

    private HostedCommands() {}

    public static CliCommand select(DesktopService desktop, ResidentHost host) {
        SelectCommand command = new SelectCommand(desktop);
        command.host = host;
        return command;
    }

    public static CliCommand scroll(DesktopService desktop, ResidentHost host) {
        ScrollCommand command = new ScrollCommand(desktop);
        command.host = host;
        return command;
    }
}
