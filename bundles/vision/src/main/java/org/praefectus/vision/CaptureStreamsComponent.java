package org.praefectus.vision;

import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.component.annotations.ReferencePolicyOption;
import org.osgi.service.metatype.annotations.Designate;
import org.praefectus.api.vision.CaptureDelta;
import org.praefectus.api.vision.CaptureStreamOptions;
import org.praefectus.api.vision.CaptureStreams;
import org.praefectus.api.vision.Frame;
import org.praefectus.api.vision.Region;
import org.praefectus.api.vision.ScreenCapture;
import org.praefectus.api.vision.VisionException;
import org.praefectus.vision.compare.StreamRegistry;

/**
 * {@link CaptureStreams}: stream state in memory. Live capture goes through whichever {@link ScreenCapture}
 * a platform bundle registers; without one, {@link #capture} fails with {@code capture_unavailable}.
 */
@Designate(ocd = CaptureStreamsConfig.class)
@Component(service = CaptureStreams.class, configurationPid = CaptureStreamsConfig.PID)
public final class CaptureStreamsComponent implements CaptureStreams {

    @Reference(
            cardinality = ReferenceCardinality.OPTIONAL,
            policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY)
    private volatile ScreenCapture screen;

    private final StreamRegistry streams;

    @Activate
    public CaptureStreamsComponent(CaptureStreamsConfig config) {
        this.streams = new StreamRegistry(config.max_streams());
    }

    @Override
    public CaptureDelta next(String streamId, Frame current, CaptureStreamOptions options) {
        return streams.next(streamId, current, options);
    }

    @Override
    public CaptureDelta capture(String streamId, Region region, CaptureStreamOptions options) {
        ScreenCapture capture = screen;
        if (capture == null) {
            throw new VisionException(VisionException.CAPTURE_UNAVAILABLE, "no screen capture service is available");
        }
        return streams.next(streamId, capture.capture(region), options);
    }

    @Override
    public void reset(String streamId) {
        streams.reset(streamId);
    }
}
