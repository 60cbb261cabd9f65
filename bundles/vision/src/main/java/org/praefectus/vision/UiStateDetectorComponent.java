package org.praefectus.vision;

import java.util.List;
import org.osgi.service.component.annotations.Component;
import org.praefectus.api.vision.Frame;
import org.praefectus.api.vision.UiStateDetector;
import org.praefectus.api.vision.UiStateOptions;
import org.praefectus.api.vision.UiStateResult;
import org.praefectus.vision.compare.UiStateClassifier;

/** {@link UiStateDetector}: stable / loading / changing from adjacent-frame comparisons. */
@Component(service = UiStateDetector.class)
public final class UiStateDetectorComponent implements UiStateDetector {

    @Override
    public UiStateResult detect(List<Frame> frames, UiStateOptions options) {
        return UiStateClassifier.detect(frames, options);
    }
}
