package org.praefectus.linux.capture;

import java.util.Map;
import java.util.Optional;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.praefectus.api.vision.CaptureBackendInspector;
import org.praefectus.api.vision.CaptureBackendQuery;
import org.praefectus.api.vision.CaptureBackendReport;
import org.praefectus.api.vision.ScreenCapture;
import org.praefectus.linux.ExecutorConfig;
import org.praefectus.linux.ExecutorEnvironment;

/** {@link CaptureBackendInspector} for the executor's session: {@link CaptureBackends} over its display. */
@Component(service = CaptureBackendInspector.class, configurationPid = ExecutorConfig.PID)
public final class CaptureBackendInspectorComponent implements CaptureBackendInspector {

    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC)
    private volatile ScreenCapture capture;

    private final Map<String, String> environment;
    private final boolean screenCastRoute;

    @Activate
    public CaptureBackendInspectorComponent(ExecutorConfig config) {
        this.environment = ExecutorEnvironment.of(config);
        this.screenCastRoute = LinuxScreenCapture.screenCastRoute(config);
    }

    @Override
    public CaptureBackendReport inspect(CaptureBackendQuery query) {
        CaptureBackends.Answer answer = new CaptureBackends(environment, Optional.ofNullable(capture), screenCastRoute)
                .inspect(new CaptureBackends.Request(query.format(), query.diagnose(), query.probes(), query.region()));
        return new CaptureBackendReport(answer.data(), answer.probeFailed());
    }
}
