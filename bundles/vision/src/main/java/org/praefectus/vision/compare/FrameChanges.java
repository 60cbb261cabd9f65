package org.praefectus.vision.compare;

import org.praefectus.api.vision.Region;

/**
 * What a capture delta needs from a comparison, without the error sum and largest difference it would cost to
 * compute.
 *
 * @param compared pixels compared
 * @param changed  pixels whose largest compared channel difference exceeds the threshold
 * @param bounds   the smallest region holding every changed pixel; {@code null} when none changed
 */
public record FrameChanges(long compared, long changed, Region bounds) {

    /** Changed over compared pixels, 0 when nothing was compared. */
    public double ratio() {
        return compared == 0 ? 0 : (double) changed / compared;
    }
}
