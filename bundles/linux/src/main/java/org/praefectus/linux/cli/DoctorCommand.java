package org.praefectus.linux.cli;

import java.util.EnumSet;
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
import org.praefectus.linux.doctor.DesktopHealthComponent;
import org.praefectus.linux.doctor.HealthCategory;
import org.praefectus.linux.doctor.HealthReport;

/**
 * {@code doctor [--strict]}: every health check with its category, severity and next action. With
 * {@code --strict} a failed required check fails the command ({@code doctor_failed}, exit 3, the report in the
 * error's {@code details}), so a script stops before live automation.
 */
@Component(service = CliCommand.class)
@Command(DoctorCommand.NAME)
public final class DoctorCommand implements CliCommand {

    static final String NAME = "doctor";

    private final DesktopHealthComponent health;

    @Activate
    public DoctorCommand(@Reference DesktopHealthComponent health) {
        this.health = health;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String summary() {
        return "doctor [--strict]: display, X11, buses, input, capture, OCR, plugins and Chromium checks";
    }

    @Override
    public Object run(List<String> arguments) throws CliCommandException {
        Options flags = Options.parse(NAME, arguments, Set.of(), Set.of("strict"));
        if (!flags.positional().isEmpty()) {
            throw CliCommandException.usage("doctor takes no positional arguments");
        }
        HealthReport report = new HealthReport(health.health().check(EnumSet.allOf(HealthCategory.class)));
        Map<String, Object> data = report.toJson();
        data.put("strict", flags.has("strict"));
        if (flags.has("strict") && !report.blockedCategories().isEmpty()) {
            throw CliCommandException.failure(
                    "doctor_failed", "required environment checks failed: " + report.blockedCategories(), data);
        }
        return data;
    }
}
