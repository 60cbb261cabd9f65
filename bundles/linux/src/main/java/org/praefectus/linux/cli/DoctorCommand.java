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
import org.praefectus.linux.ExecutorConfig;
import org.praefectus.linux.desktop.DesktopSession;
import org.praefectus.linux.doctor.HealthCategory;
import org.praefectus.linux.doctor.HealthReport;

/**
 * {@code doctor [--strict]}: every health check with its category, severity and next action. With
 * {@code --strict} a failed required check fails the command ({@code doctor_failed}, exit 3, the report in the
 * error's {@code details}), so a script stops before live automation.
 */
@Component(service = CliCommand.class, configurationPid = ExecutorConfig.PID)
@Command(DoctorCommand.NAME)
public final class DoctorCommand extends HealthCommand {

    static final String NAME = "doctor";

    @Activate
    public DoctorCommand(ExecutorConfig config, @Reference DesktopSession session) {
        super(config, session);
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
        HealthReport report = new HealthReport(health().check(EnumSet.allOf(HealthCategory.class)));
        Map<String, Object> data = report.toJson();
        data.put("strict", flags.has("strict"));
        if (flags.has("strict") && !report.blockedCategories().isEmpty()) {
            throw CliCommandException.failure(
                    "doctor_failed", "required environment checks failed: " + report.blockedCategories(), data);
        }
        return data;
    }
}
