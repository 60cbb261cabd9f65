package org.praefectus.api.vision;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.ByteBuffer;
import java.nio.ReadOnlyBufferException;
import java.util.Base64;
import java.util.List;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;

/**
 * A capture delta's bytes cannot be changed through the API, whichever way it was made (copied in, adopted, or
 * shared with an immutable frame); its JSON is unchanged.
 */
class CaptureDeltaTest {

    private static final Region BOUNDS = new Region(1, 1, 2, 1);

    private static byte[] bytes() {
        return new byte[] {1, 2, 3, 4, 5, 6, 7, 8};
    }

    private static CaptureDelta constructed(byte[] patch) {
        return new CaptureDelta(3, 4, 2, PixelFormat.RGBA8, false, BOUNDS, 2, 0.25, 8, patch);
    }

    @Test
    void theConstructorCopiesThePatchIn() {
        byte[] patch = bytes();
        CaptureDelta delta = constructed(patch);
        patch[0] = 99;
        assertArrayEquals(bytes(), delta.patch());
    }

    @Test
    void neitherAccessorLetsACallerChangeTheBytes() {
        for (CaptureDelta delta : List.of(
                constructed(bytes()),
                CaptureDelta.adopting(3, 4, 2, PixelFormat.RGBA8, false, BOUNDS, 2, 0.25, 8, bytes()))) {
            delta.patch()[0] = 99;
            ByteBuffer view = delta.patchBuffer();
            assertTrue(view.isReadOnly());
            assertThrows(ReadOnlyBufferException.class, () -> view.put(0, (byte) 99));
            assertThrows(UnsupportedOperationException.class, view::array);
            assertArrayEquals(bytes(), delta.patch());
            assertEquals(ByteBuffer.wrap(bytes()), delta.patchBuffer());
            assertEquals(Frame.packed(2, 1, PixelFormat.RGBA8, bytes()), delta.patchFrame());
        }
    }

    @Test
    void adoptingKeepsTheArrayOnlyForThatOneDelta() {
        byte[] adopted = bytes();
        CaptureDelta delta = CaptureDelta.adopting(3, 4, 2, PixelFormat.RGBA8, false, BOUNDS, 2, 0.25, 8, adopted);
        // the producer's documented promise is broken here only to show that no copy was made
        adopted[0] = 42;
        assertEquals(42, delta.patchBuffer().get(0));
        // the next construction on this thread with the same array copies again
        CaptureDelta later = constructed(adopted);
        adopted[0] = 43;
        assertEquals(42, later.patch()[0]);
    }

    @Test
    void aWholeFramePatchHoldsTheFrameRowsWithoutPaddingAndCannotChangeTheFrame() {
        byte[] dense = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12};
        byte[] padded = {1, 2, 3, 4, 5, 6, -1, -1, 7, 8, 9, 10, 11, 12, -1, -1};
        Frame expected = Frame.packed(2, 2, PixelFormat.RGB8, dense);
        for (Frame frame : List.of(expected, new Frame(2, 2, 8, PixelFormat.RGB8, padded))) {
            CaptureDelta delta = CaptureDelta.ofWholeFrame(7, frame, true, 4, 1);
            assertTrue(delta.fullFrame());
            assertEquals(frame.bounds(), delta.changedBounds());
            assertEquals(6, delta.patchStride());
            assertArrayEquals(dense, delta.patch());
            delta.patch()[0] = 99;
            assertThrows(
                    ReadOnlyBufferException.class, () -> delta.patchBuffer().put(0, (byte) 99));
            assertArrayEquals(dense, delta.patch());
            assertEquals(expected, frame);
            assertEquals(expected, delta.patchFrame());
        }
        CaptureDelta repaint = CaptureDelta.ofWholeFrame(8, expected, false, 3, 0.75);
        assertEquals(false, repaint.fullFrame());
        assertEquals(3, repaint.changedPixels());
        assertEquals(0.75, repaint.changedRatio());
    }

    @Test
    void adoptingValidatesLikeTheConstructor() {
        assertThrows(
                IllegalArgumentException.class,
                () -> CaptureDelta.adopting(3, 4, 2, PixelFormat.RGBA8, false, BOUNDS, 2, 0.25, 8, new byte[7]));
        assertThrows(
                IllegalArgumentException.class,
                () -> CaptureDelta.adopting(3, 4, 2, PixelFormat.RGBA8, false, null, 0, 0, 0, new byte[1]));
    }

    @Test
    void jsonCarriesThePatchAsBase64AndNothingElseNew() throws Exception {
        JsonNode json = new ObjectMapper()
                .valueToTree(CaptureDelta.adopting(3, 4, 2, PixelFormat.RGBA8, false, BOUNDS, 2, 0.25, 8, bytes()));
        assertArrayEquals(
                bytes(), Base64.getDecoder().decode(json.get("patch_base64").asText()));
        List<String> names = StreamSupport.stream(((Iterable<String>) json::fieldNames).spliterator(), false)
                .sorted()
                .toList();
        assertEquals(
                List.of(
                        "changed_bounds",
                        "changed_pixels",
                        "changed_ratio",
                        "format",
                        "frame_height",
                        "frame_width",
                        "full_frame",
                        "patch_base64",
                        "patch_stride",
                        "sequence"),
                names);
    }
}
