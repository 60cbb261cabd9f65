package org.praefectus.api.vision;

import java.util.List;
import org.osgi.annotation.versioning.ProviderType;

/** Optical character recognition over frames. Thread-safe. */
@ProviderType
public interface OcrEngine {

    /**
     * Recognises the text of {@code frame}, or of {@code region} of it: the region is cropped before
     * recognition and the result's bounds are mapped back to frame coordinates.
     *
     * @param region {@code null} for the whole frame
     * @throws VisionException {@code invalid_region} for a region outside the frame, {@code unknown_language}
     *                         when a language has no trained data, {@code ocr_failed} when the engine fails
     */
    OcrResult recognize(Frame frame, Region region, OcrOptions options);

    /** The languages with trained data installed, sorted. */
    List<String> languages();
}
