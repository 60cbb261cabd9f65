package org.praefectus.api.vision;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.nio.ByteBuffer;
import java.util.Objects;

/**
 * One step of an incremental capture: the first frame of a stream (or a forced full frame) is sent whole,
 * later frames send only a densely packed patch of their changed bounds, and unchanged frames send nothing.
 *
 * @param sequence      the stream's sequence number of this frame
 * @param frameWidth    the source frame's width
 * @param frameHeight   the source frame's height
 * @param format        the pixel format of the patch (that of the source frame)
 * @param fullFrame     whether the patch is the whole frame
 * @param changedBounds the patch's place in the frame; {@code null} when nothing changed
 * @param changedPixels changed pixels (the frame's pixel count for a full frame)
 * @param changedRatio  changed pixels over compared pixels (1 for a full frame)
 * @param patchStride   bytes per patch row: {@code changedBounds.width * bytesPerPixel}, 0 without a patch
 * @param patch         the patch rows without padding; empty when nothing changed; copied in and out, so a
 *                      delta's bytes cannot be changed through it (see {@link #adopting} for the one path that
 *                      does not copy in). JSON: base64
 */
public record CaptureDelta(
        @JsonProperty("sequence") long sequence,
        @JsonProperty("frame_width") int frameWidth,
        @JsonProperty("frame_height") int frameHeight,
        @JsonProperty("format") PixelFormat format,
        @JsonProperty("full_frame") boolean fullFrame,
        @JsonProperty("changed_bounds") Region changedBounds,
        @JsonProperty("changed_pixels") long changedPixels,
        @JsonProperty("changed_ratio") double changedRatio,
        @JsonProperty("patch_stride") int patchStride,
        @JsonProperty("patch_base64") byte[] patch) {

    /** The patch array {@link #adopting} hands to the canonical constructor on this thread, kept uncopied. */
    private static final ThreadLocal<byte[]> ADOPTED = new ThreadLocal<>();

    public CaptureDelta {
        Objects.requireNonNull(format, "format");
        patch = patch == null ? new byte[0] : patch == ADOPTED.get() ? patch : patch.clone();
        if (changedBounds == null) {
            if (patch.length != 0 || patchStride != 0 || fullFrame) {
                throw new IllegalArgumentException("an unchanged frame carries no patch");
            }
        } else {
            if (!changedBounds.within(frameWidth, frameHeight)) {
                throw new IllegalArgumentException("the changed bounds lie outside the frame");
            }
            if (patchStride != changedBounds.width() * format.bytesPerPixel()
                    || patch.length != (long) patchStride * changedBounds.height()) {
                throw new IllegalArgumentException("the patch is not the densely packed changed bounds");
            }
        }
    }

    /**
     * Like the constructor, but takes the {@code patch} array over instead of copying it: a patch of a full
     * screen is several megabytes, and its producer has just written it. The caller must hold no other
     * reference to the array and must not change it afterwards; everyone else still sees an immutable delta.
     *
     * @since 1.1
     */
    public static CaptureDelta adopting(
            long sequence,
            int frameWidth,
            int frameHeight,
            PixelFormat format,
            boolean fullFrame,
            Region changedBounds,
            long changedPixels,
            double changedRatio,
            int patchStride,
            byte[] patch) {
        ADOPTED.set(patch);
        try {
            return new CaptureDelta(
                    sequence,
                    frameWidth,
                    frameHeight,
                    format,
                    fullFrame,
                    changedBounds,
                    changedPixels,
                    changedRatio,
                    patchStride,
                    patch);
        } finally {
            ADOPTED.remove();
        }
    }

    /**
     * A delta whose patch is all of {@code frame}: the first frame of a stream, or a frame in which the changed
     * bounds cover everything. A densely packed frame's bytes are shared, not copied (frames are immutable too);
     * a padded frame's rows are packed into a new array.
     *
     * @param fullFrame whether this is a full frame rather than a patch that happens to cover the frame
     * @since 1.1
     */
    public static CaptureDelta ofWholeFrame(
            long sequence, Frame frame, boolean fullFrame, long changedPixels, double changedRatio) {
        int rowBytes = frame.width() * frame.format().bytesPerPixel();
        byte[] patch = frame.packedPixels();
        if (patch == null) {
            patch = new byte[rowBytes * frame.height()];
            ByteBuffer pixels = frame.pixels();
            for (int y = 0; y < frame.height(); y++) {
                pixels.get(y * frame.stride(), patch, y * rowBytes, rowBytes);
            }
        }
        return adopting(
                sequence,
                frame.width(),
                frame.height(),
                frame.format(),
                fullFrame,
                frame.bounds(),
                changedPixels,
                changedRatio,
                rowBytes,
                patch);
    }

    /**
     * A read-only view of the patch bytes, without the copy {@link #patch()} makes.
     *
     * @since 1.1
     */
    public ByteBuffer patchBuffer() {
        return ByteBuffer.wrap(patch).asReadOnlyBuffer();
    }

    /** A copy of the patch bytes. */
    @Override
    public byte[] patch() {
        return patch.clone();
    }

    /** Whether anything changed. */
    public boolean changed() {
        return changedBounds != null;
    }

    /** The patch as a frame of the changed bounds' size, or {@code null} when nothing changed. */
    public Frame patchFrame() {
        return changedBounds == null
                ? null
                : new Frame(changedBounds.width(), changedBounds.height(), patchStride, format, patch);
    }
}
