package org.praefectus.linux.cli;

import java.util.ArrayList;
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
import org.praefectus.linux.doctor.Preflight;

/**
 * {@code preflight CATEGORY… [--operation OP]}: the doctor's checks of those categories (and of what the
 * operation needs) as a gate. A blocked category fails the command ({@code preflight_blocked}, exit 3, the
 * result in the error's {@code details}: {@code blocked_categories}, {@code warning_categories},
 * {@code next_action}, {@code checks}).
 */
@Component(service = CliCommand.class, configurationPid = ExecutorConfig.PID)
@Command(PreflightCommand.NAME)
public final class PreflightCommand extends HealthCommand {

    static final String NAME = "preflight";

    @Activate
    public PreflightCommand(ExecutorConfig config, @Reference DesktopSession session) {
        super(config, session);
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
        Set<HealthCategory> categories = parse(flags);
        HealthReport report = new HealthReport(health().check(categories));
        Map<String, Object> data = report.toJson();
        data.put("ok", report.blockedCategories().isEmpty());
        data.put("operation", flags.value("operation"));
        List<String> names = new ArrayList<>();
        categories.forEach(category -> names.add(category.wireName()));
        data.put("requested_categories", names);
        if (!report.blockedCategories().isEmpty()) {
            throw CliCommandException.failure(
                    "preflight_blocked", "blocked categories: " + report.blockedCategories(), data);
        }
        return data;
    }

    static Set<HealthCategory> parse(Options flags) throws CliCommandException {
        Set<HealthCategory> categories = EnumSet.noneOf(HealthCategory.class);
        for (String word : flags.positional()) {
            for (String name : word.split(",")) {
                categories.addAll(Preflight.categoriesNamed(name.strip())
                        .orElseThrow(() -> CliCommandException.usage(
                                "preflight: unknown category (one of " + String.join("|", allNames()) + "|desktop)")));
            }
        }
        if (flags.has("operation")) {
            categories.addAll(Preflight.categoriesOf(flags.value("operation"))
                    .orElseThrow(() -> CliCommandException.usage("preflight: unknown --operation")));
        }
        if (categories.isEmpty()) {
            throw CliCommandException.usage("preflight needs a CATEGORY or --operation OP");
        }
        return categories;
    }

    private static List<String> allNames() {
        List<String> names = new ArrayList<>();
        for (HealthCategory category : HealthCategory.values()) {
            names.add(category.wireName());
        }
        return names;
    }
}
