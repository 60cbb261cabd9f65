package org.praefectus.api.vision;

import java.util.List;
import org.osgi.annotation.versioning.ProviderType;

/**
 * Finds salient visual components (buttons, fields, text runs, icons) in a frame without any accessibility
 * data: the fallback when the semantic tree has nothing. Stateless and thread-safe.
 */
@ProviderType
public interface UiElementDetector {

    /**
     * @return elements with role {@code visual-region}, at most {@code options.maxElements()}, in the requested order
     * @throws VisionException {@code invalid_region} for a region outside the frame
     */
    List<VisualElement> detect(Frame frame, UiElementDetectionOptions options);

    /** The saliency mask of the search region as an RGBA frame of the frame's size: salient pixels white, others transparent black. */
    Frame saliencyMask(Frame frame, UiElementDetectionOptions options);

    /** A copy of {@code frame} (RGBA) with each element's bounds outlined. */
    Frame overlay(Frame frame, List<VisualElement> elements);
}
