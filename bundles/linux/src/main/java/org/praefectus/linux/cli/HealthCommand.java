package org.praefectus.linux.cli;

import java.util.Map;
import java.util.Optional;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.praefectus.api.cli.CliCommand;
import org.praefectus.api.executor.GlobalInputOptIn;
import org.praefectus.api.resident.ResidentHost;
import org.praefectus.api.vision.OcrEngine;
import org.praefectus.api.vision.ScreenCapture;
import org.praefectus.linux.ExecutorConfig;
import org.praefectus.linux.ExecutorEnvironment;
import org.praefectus.linux.desktop.DesktopSession;
import org.praefectus.linux.doctor.DesktopHealth;
import org.praefectus.linux.executor.EmergencyStop;

/**
 * {@code doctor} and {@code preflight}: both read the same {@link DesktopHealth} of the executor's session; the
 * optional services it checks are referenced here once and inherited (bnd's
 * {@code -dsannotations-options: inherit}).
 */
abstract class HealthCommand implements CliCommand {

    /* Not private: DS injects a superclass field only when the component class may access it (same package). */
    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC)
    volatile ResidentHost host;

    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC)
    volatile ScreenCapture capture;

    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC)
    volatile OcrEngine ocr;

    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC)
    volatile GlobalInputOptIn inputOptIn;

    private final Map<String, String> environment;
    private final EmergencyStop stop;

    HealthCommand(ExecutorConfig config, DesktopSession session) {
        this.environment = ExecutorEnvironment.of(config);
        this.stop = session.executor().emergencyStop();
    }

    final DesktopHealth health() {
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
}
