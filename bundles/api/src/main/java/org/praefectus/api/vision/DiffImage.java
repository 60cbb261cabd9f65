package org.praefectus.api.vision;

/**
 * A comparison with its picture: a transparent RGBA frame as large as the aligned frames (the expected
 * frame, or the shared area under {@link SizePolicy#COMMON_REGION}) in which every changed pixel is opaque red.
 *
 * @param diff  the comparison
 * @param image the diff mask
 */
public record DiffImage(VisualDiff diff, Frame image) {

    public DiffImage {
        java.util.Objects.requireNonNull(diff, "diff");
        java.util.Objects.requireNonNull(image, "image");
    }
}
