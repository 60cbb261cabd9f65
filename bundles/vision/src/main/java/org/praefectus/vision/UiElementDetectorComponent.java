package org.praefectus.vision;

import java.util.List;
import org.osgi.service.component.annotations.Component;
import org.praefectus.api.vision.Frame;
import org.praefectus.api.vision.UiElementDetectionOptions;
import org.praefectus.api.vision.UiElementDetector;
import org.praefectus.api.vision.VisualElement;
import org.praefectus.vision.elements.ElementImages;
import org.praefectus.vision.elements.SalientRegionDetector;

/** {@link UiElementDetector}: salient-component detection, vision only. */
@Component(service = UiElementDetector.class)
public final class UiElementDetectorComponent implements UiElementDetector {

    @Override
    public List<VisualElement> detect(Frame frame, UiElementDetectionOptions options) {
        return SalientRegionDetector.detect(frame, options);
    }

    @Override
    public Frame saliencyMask(Frame frame, UiElementDetectionOptions options) {
        return ElementImages.saliencyMask(frame, options);
    }

    @Override
    public Frame overlay(Frame frame, List<VisualElement> elements) {
        return ElementImages.overlay(frame, elements);
    }
}
