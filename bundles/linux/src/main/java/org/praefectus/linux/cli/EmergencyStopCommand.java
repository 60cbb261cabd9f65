package org.praefectus.linux.cli;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.praefectus.api.cli.CliCommand;
import org.praefectus.api.cli.CliCommandException;
import org.praefectus.api.cli.Command;
import org.praefectus.api.cli.Options;
import org.praefectus.linux.desktop.DesktopSession;
import org.praefectus.linux.executor.EmergencyStop;

/**
 * {@code emergency-stop [--status | --trigger | --rearm]}: the executor's emergency stop (Ctrl+Alt+Esc). Routed
 * to the resident runtime when one runs, so it reads and re-arms the stop that guards its input.
 */
@Component(service = CliCommand.class)
@Command(EmergencyStopCommand.NAME)
public final class EmergencyStopCommand implements CliCommand {

    static final String NAME = "emergency-stop";

    private final EmergencyStop stop;

    @Activate
    public EmergencyStopCommand(@Reference DesktopSession session) {
        this.stop = session.executor().emergencyStop();
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String summary() {
        return "emergency-stop [--status|--trigger|--rearm]: Ctrl+Alt+Esc cancels input until re-armed";
    }

    @Override
    public Object run(List<String> arguments) throws CliCommandException {
        Options flags = Options.parse(NAME, arguments, Set.of(), Set.of("status", "trigger", "rearm"));
        int chosen = (flags.has("status") ? 1 : 0) + (flags.has("trigger") ? 1 : 0) + (flags.has("rearm") ? 1 : 0);
        if (!flags.positional().isEmpty() || chosen > 1) {
            throw CliCommandException.usage(NAME + " takes one of --status, --trigger or --rearm");
        }
        if (flags.has("trigger")) {
            stop.trip();
        } else if (flags.has("rearm")) {
            stop.rearm();
        }
        Map<String, Object> status = stop.status();
        status.put("action", flags.has("trigger") ? "trigger" : flags.has("rearm") ? "rearm" : "status");
        return status;
    }
}
