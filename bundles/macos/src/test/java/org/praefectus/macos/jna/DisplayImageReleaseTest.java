package org.praefectus.macos.jna;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * Which macOS releases {@link NativeQuartz} lets serve CoreGraphics display images: the rule is plain Java,
 * so it runs here although the images do not.
 */
class DisplayImageReleaseTest {

    @Test
    void releasesBeforeFifteenServeDisplayImages() {
        assertTrue(NativeQuartz.releaseServesDisplayImages("14.6.1"));
        assertTrue(NativeQuartz.releaseServesDisplayImages("13.0"));
        assertTrue(NativeQuartz.releaseServesDisplayImages("10.15.7"));
    }

    @Test
    void fifteenAndLaterDoNot() {
        assertFalse(NativeQuartz.releaseServesDisplayImages("15.0"));
        assertFalse(NativeQuartz.releaseServesDisplayImages("15.3.2"));
        assertFalse(NativeQuartz.releaseServesDisplayImages("26.1"));
    }

    @Test
    void anUnreadableVersionServesNone() {
        assertFalse(NativeQuartz.releaseServesDisplayImages(""));
        assertFalse(NativeQuartz.releaseServesDisplayImages("fourteen"));
        assertFalse(NativeQuartz.releaseServesDisplayImages("-14.0"));
        assertFalse(NativeQuartz.releaseServesDisplayImages("99999999999.0"));
    }
}
