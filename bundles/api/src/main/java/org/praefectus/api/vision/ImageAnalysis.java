package org.praefectus.api.vision;

import java.nio.file.Path;
import java.util.List;
import org.osgi.annotation.versioning.ProviderType;

/**
 * The vision jobs on image files (and, for OCR, on the live screen) as every surface runs them: the files read, the
 * typed service of the job called, the requested outputs written, and the answer returned in the one form every
 * surface writes ({@code ocr}, {@code compare}, {@code state}, {@code vision-elements} on the CLI;
 * {@code ocr}, {@code compare_images}, {@code detect_ui_state}, {@code detect_ui_elements} on the daemon's socket).
 * Paths are used as given: a relative one is relative to the running process's folder.
 */
@ProviderType
public interface ImageAnalysis {

    /**
     * The text of an image file, or of the screen when {@code image} is {@code null}: a region of the screen is
     * captured alone and its words are answered in screen coordinates.
     *
     * @param region the region to read, or {@code null} for the whole image or screen
     * @throws VisionException {@code io_error}, {@code invalid_image}, {@code capture_unavailable} without an image
     *                         and without a screen capture service, and the engine's errors
     */
    OcrReading ocr(Path image, Region region, OcrOptions options);

    /**
     * Compares two image files; a mismatch is an answer ({@link VisualDiff#matches()} false). The diff image and
     * the report (this comparison as JSON) are written when asked, whatever the outcome.
     *
     * @param diffOutput where to write the diff PNG, or {@code null}
     * @param report     where to write the report, or {@code null}
     * @throws VisionException {@code io_error}, {@code invalid_image}, and the comparison's errors
     */
    ImageComparison compare(Path expected, Path actual, VisualCompareOptions options, Path diffOutput, Path report);

    /**
     * Classifies a sequence of image files, oldest first, as stable, loading or changing.
     *
     * @throws VisionException {@code not_enough_frames} for fewer than two, {@code io_error}, {@code invalid_image}
     */
    UiStateResult state(List<Path> images, UiStateOptions options);

    /**
     * The UI regions of an image file found from pixels alone; the saliency mask and the overlay are written when
     * asked.
     *
     * @throws VisionException {@code io_error}, {@code invalid_image}, {@code invalid_region}
     */
    DetectedElements elements(Path image, UiElementDetectionOptions options, Path maskOutput, Path overlayOutput);

    /**
     * The UI regions of an image already decoded (one a caller sent rather than a file), the saliency mask and the
     * overlay written when asked, as {@link #elements(Path, UiElementDetectionOptions, Path, Path)} writes them.
     *
     * @throws VisionException {@code io_error}, {@code invalid_region}
     */
    List<VisualElement> elements(Frame frame, UiElementDetectionOptions options, Path maskOutput, Path overlayOutput);
}
