package org.praefectus.api.vision;

import java.util.List;
import org.osgi.annotation.versioning.ProviderType;

/** Classifies a sequence of frames as stable, loading or changing. Stateless and thread-safe. */
@ProviderType
public interface UiStateDetector {

    /**
     * @param frames at least two frames, oldest first
     * @throws VisionException {@code not_enough_frames} for fewer than two frames, and the comparison errors
     */
    UiStateResult detect(List<Frame> frames, UiStateOptions options);
}
