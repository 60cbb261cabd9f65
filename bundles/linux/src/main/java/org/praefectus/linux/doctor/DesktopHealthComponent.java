package org.praefectus.linux.doctor;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.praefectus.api.desktop.DesktopPreflight;
import org.praefectus.api.desktop.PreflightReport;
import org.praefectus.api.executor.GlobalInputOptIn;
import org.praefectus.api.resident.ResidentHost;
import org.praefectus.api.vision.OcrEngine;
import org.praefectus.api.vision.ScreenCapture;
import org.praefectus.linux.ExecutorConfig;
import org.praefectus.linux.ExecutorEnvironment;
import org.praefectus.linux.desktop.DesktopSession;
import org.praefectus.linux.executor.EmergencyStop;

/**
 * The {@link DesktopHealth} of the executor's session, which {@code doctor} reads whole, and {@link DesktopPreflight}
 * over it: the optional services the checks look at are referenced here once.
 */
@Component(
        service = {DesktopPreflight.class, DesktopHealthComponent.class},
        configurationPid = ExecutorConfig.PID)
public final class DesktopHealthComponent implements DesktopPreflight {

    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC)
    private volatile ResidentHost host;

    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC)
    private volatile ScreenCapture capture;

    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC)
    private volatile OcrEngine ocr;

    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC)
    private volatile GlobalInputOptIn inputOptIn;

    private final Map<String, String> environment;
    private final EmergencyStop stop;

    @Activate
    public DesktopHealthComponent(ExecutorConfig config, @Reference DesktopSession session) {
        this.environment = ExecutorEnvironment.of(config);
        this.stop = session.executor().emergencyStop();
    }

    /** The checks as they stand now. */
    public DesktopHealth health() {
        return new DesktopHealth(
                environment,
                Optional.ofNullable(capture),
                Optional.ofNullable(ocr),
                () -> host != null,
                Optional.of(new DesktopHealth.EmergencyStopState() {
                    @Override
                    public boolean armed() {
                        return stop.hotkeyHeld();
                    }

                    @Override
                    public boolean tripped() {
                        return stop.tripped();
                    }

                    @Override
                    public boolean hotkeyEnabled() {
                        return stop.hotkeyEnabled();
                    }
                }),
                () -> inputOptIn);
    }

    @Override
    public PreflightReport check(List<String> categoryNames, String operation) {
        Set<HealthCategory> categories = EnumSet.noneOf(HealthCategory.class);
        for (String word : categoryNames) {
            for (String name : word.split(",")) {
                categories.addAll(Preflight.categoriesNamed(name.strip())
                        .orElseThrow(() -> new IllegalArgumentException(
                                "unknown category (one of " + String.join("|", allNames()) + "|desktop)")));
            }
        }
        if (operation != null) {
            categories.addAll(Preflight.categoriesOf(operation)
                    .orElseThrow(() -> new IllegalArgumentException("unknown operation")));
        }
        if (categories.isEmpty()) {
            throw new IllegalArgumentException("name a category or an operation");
        }
        HealthReport report = new HealthReport(health().check(categories));
        Map<String, Object> data = report.toJson();
        data.put("ok", report.blockedCategories().isEmpty());
        data.put("operation", operation);
        List<String> names = new ArrayList<>();
        categories.forEach(category -> names.add(category.wireName()));
        data.put("requested_categories", names);
        return new PreflightReport(data, report.blockedCategories());
    }

    private static List<String> allNames() {
        List<String> names = new ArrayList<>();
        for (HealthCategory category : HealthCategory.values()) {
            names.add(category.wireName());
        }
        return names;
    }
}
