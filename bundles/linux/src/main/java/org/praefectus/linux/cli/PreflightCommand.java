package org.praefectus.linux.cli;

import java.util.List;
import java.util.Set;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.praefectus.api.cli.CliCommand;
import org.praefectus.api.cli.CliCommandException;
import org.praefectus.api.cli.Command;
import org.praefectus.api.cli.Options;
import org.praefectus.api.desktop.DesktopPreflight;
import org.praefectus.api.desktop.PreflightReport;

/**
 * {@code preflight CATEGORY… [--operation OP]}: the doctor's checks of those categories (and of what the
 * operation needs) as a gate. A blocked category fails the command ({@code preflight_blocked}, exit 3, the
 * result in the error's {@code details}: {@code blocked_categories}, {@code warning_categories},
 * {@code next_action}, {@code checks}).
 */
@Component(service = CliCommand.class)
@Command(PreflightCommand.NAME)
public final class PreflightCommand implements CliCommand {

    static final String NAME = "preflight";

    private final DesktopPreflight preflight;

    @Activate
    public PreflightCommand(@Reference DesktopPreflight preflight) {
        this.preflight = preflight;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String summary() {
        return "preflight CATEGORY... [--operation OP]: the doctor's checks of those categories as a gate";
    }

    @Override
    public Object run(List<String> arguments) throws CliCommandException {
        Options flags = Options.parse(NAME, arguments, Set.of("operation"), Set.of());
        PreflightReport report;
        try {
            report = preflight.check(flags.positional(), flags.value("operation"));
        } catch (IllegalArgumentException invalid) {
            throw CliCommandException.usage(NAME + ": " + invalid.getMessage());
        }
        if (report.blocked()) {
            throw CliCommandException.failure(
                    DesktopPreflight.BLOCKED, "blocked categories: " + report.blockedCategories(), report);
        }
        return report;
    }
}
