package org.praefectus.vision.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Graphics2D;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.praefectus.api.vision.Frame;
import org.praefectus.api.vision.Region;
import org.praefectus.api.vision.UiStateKind;
import org.praefectus.api.vision.UiStateOptions;
import org.praefectus.api.vision.UiStateResult;
import org.praefectus.api.vision.VisionException;
import org.praefectus.vision.testing.Drawing;

class UiStateClassifierTest {

    /** A page with a title, a button and, while loading, a spinner arc at the given angle. */
    private static Frame page(Integer spinnerAngle, String status) {
        try (Drawing d = Drawing.white(240, 180)) {
            d.text("Orders", 10, 10, 20, Color.BLACK);
            d.button(new Region(10, 140, 70, 30), "Refresh");
            if (spinnerAngle != null) {
                Graphics2D g = d.graphics();
                g.setColor(new Color(0x33, 0x66, 0xcc));
                g.setStroke(new BasicStroke(8));
                g.drawArc(90, 30, 100, 100, spinnerAngle, 270);
            }
            if (status != null) {
                d.text(status, 150, 145, 20, Color.DARK_GRAY);
            }
            return d.frame();
        }
    }

    @Test
    void spinnerSequenceIsLoading() {
        List<Frame> frames = new ArrayList<>();
        for (int angle = 0; angle < 360; angle += 90) {
            frames.add(page(angle, null));
        }
        UiStateResult result = UiStateClassifier.detect(frames, UiStateOptions.DEFAULTS);
        assertEquals(UiStateKind.LOADING, result.state());
        assertEquals(3, result.comparedTransitions());
        assertEquals(3, result.loadingTransitions());
        assertEquals(0, result.trailingStableTransitions());
        Region spinner = new Region(86, 26, 108, 108);
        assertEquals(
                true,
                spinner.contains(result.changedBounds()),
                result.changedBounds().toString());
    }

    @Test
    void settledSequenceIsStable() {
        List<Frame> frames =
                List.of(page(0, null), page(90, null), page(null, null), page(null, null), page(null, null));
        UiStateResult result = UiStateClassifier.detect(
                frames, UiStateOptions.builder().requiredStableTransitions(2).build());
        assertEquals(UiStateKind.STABLE, result.state());
        assertEquals(2, result.trailingStableTransitions());
        assertEquals(2, result.stableTransitions());
        assertEquals(0, result.latestDiff().changedPixels());
        assertEquals(2, result.loadingTransitions());
    }

    @Test
    void smallChangesAreChanging() {
        List<Frame> frames = List.of(page(null, "1 new"), page(null, "2 new"), page(null, "3 new"));
        UiStateResult result = UiStateClassifier.detect(frames, UiStateOptions.DEFAULTS);
        assertEquals(UiStateKind.CHANGING, result.state());
        assertEquals(0, result.loadingTransitions());
        assertEquals(
                true,
                result.maxChangedRatio() > 0.001 && result.maxChangedRatio() < 0.02,
                () -> "ratio " + result.maxChangedRatio());
    }

    @Test
    void ignoringTheSpinnerMakesItStable() {
        List<Frame> frames = List.of(page(0, null), page(90, null), page(180, null));
        UiStateResult result = UiStateClassifier.detect(
                frames,
                UiStateOptions.builder()
                        .ignoreRegion(new Region(80, 20, 120, 120))
                        .build());
        assertEquals(UiStateKind.STABLE, result.state());
        assertEquals(null, result.changedBounds());
    }

    @Test
    void pixelGatesDecideToo() {
        List<Frame> frames = List.of(page(null, "1 new"), page(null, "2 new"));
        UiStateResult loading = UiStateClassifier.detect(
                frames, UiStateOptions.builder().loadingMinChangedPixels(10L).build());
        assertEquals(UiStateKind.LOADING, loading.state());
        UiStateResult stable = UiStateClassifier.detect(
                frames,
                UiStateOptions.builder()
                        .stableMaxChangedRatio(0.02)
                        .stableMaxChangedPixels(100_000L)
                        .build());
        assertEquals(UiStateKind.STABLE, stable.state());
    }

    @Test
    void fewerThanTwoFramesIsAnError() {
        VisionException e = assertThrows(
                VisionException.class,
                () -> UiStateClassifier.detect(List.of(page(null, null)), UiStateOptions.DEFAULTS));
        assertEquals(VisionException.NOT_ENOUGH_FRAMES, e.code());
        assertThrows(VisionException.class, () -> UiStateClassifier.detect(List.of(), UiStateOptions.DEFAULTS));
    }

    @Test
    void contradictoryOptionsAreRefused() {
        VisionException e = assertThrows(
                VisionException.class,
                () -> UiStateOptions.builder()
                        .stableMaxChangedRatio(0.5)
                        .loadingMinChangedRatio(0.1)
                        .build());
        assertEquals(VisionException.INVALID_OPTIONS, e.code());
    }
}
