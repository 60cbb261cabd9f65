package org.praefectus.vision.elements;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.Color;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.praefectus.api.vision.Frame;
import org.praefectus.api.vision.Region;
import org.praefectus.api.vision.UiElementDetectionOptions;
import org.praefectus.api.vision.UiElementSort;
import org.praefectus.api.vision.VisionException;
import org.praefectus.api.vision.VisualElement;
import org.praefectus.vision.testing.Drawing;

class SalientRegionDetectorTest {

    static final Region OK = new Region(40, 200, 120, 36);
    static final Region CANCEL = new Region(200, 200, 120, 36);
    static final Region FIELD = new Region(40, 100, 280, 30);

    private static Frame dialog() {
        try (Drawing d = Drawing.white(400, 280)) {
            d.button(OK, "OK");
            d.button(CANCEL, "Cancel");
            d.fill(FIELD, Color.WHITE);
            d.graphics().setColor(Color.GRAY);
            d.graphics().drawRect(FIELD.x(), FIELD.y(), FIELD.width() - 1, FIELD.height() - 1);
            return d.frame();
        }
    }

    private static double bestIou(List<VisualElement> elements, Region drawn) {
        return elements.stream().mapToDouble(e -> e.bounds().iou(drawn)).max().orElse(0);
    }

    @Test
    void findsTheDrawnControls() {
        List<VisualElement> elements = SalientRegionDetector.detect(dialog(), UiElementDetectionOptions.DEFAULTS);
        assertEquals(3, elements.size(), elements::toString);
        for (Region drawn : List.of(OK, CANCEL, FIELD)) {
            assertTrue(bestIou(elements, drawn) > 0.95, () -> drawn + " in " + elements);
        }
        for (VisualElement e : elements) {
            assertEquals(VisualElement.ROLE_VISUAL_REGION, e.role());
            assertTrue(e.confidence() >= 0.7, e::toString);
            assertEquals(List.of("visible"), e.states());
        }
        assertEquals(FIELD, elements.get(0).bounds());
        assertTrue(elements.get(0).id().startsWith("vision:0:40:100:280:30"));
    }

    @Test
    void textWithoutBorderScoresLowerThanButtons() {
        Frame frame;
        Region label;
        try (Drawing d = Drawing.white(400, 200)) {
            d.button(new Region(20, 20, 100, 30), "Go");
            label = d.text("Plain label", 200, 120, 18, Color.BLACK);
            frame = d.frame();
        }
        List<VisualElement> elements = SalientRegionDetector.detect(
                frame,
                UiElementDetectionOptions.builder()
                        .mergeDistance(10)
                        .sort(UiElementSort.CONFIDENCE)
                        .build());
        assertEquals(2, elements.size(), elements::toString);
        assertTrue(elements.get(0).bounds().iou(new Region(20, 20, 100, 30)) > 0.95);
        assertTrue(label.contains(elements.get(1).bounds())
                || elements.get(1).bounds().iou(label) > 0.5);
        assertTrue(elements.get(0).confidence() > elements.get(1).confidence());
        List<VisualElement> confident = SalientRegionDetector.detect(
                frame,
                UiElementDetectionOptions.builder()
                        .mergeDistance(10)
                        .minConfidence(elements.get(0).confidence())
                        .build());
        assertEquals(1, confident.size());
    }

    @Test
    void regionIgnoreRegionsSizeFiltersPaddingAndLimits() {
        Frame frame = dialog();
        List<VisualElement> inRegion = SalientRegionDetector.detect(
                frame,
                UiElementDetectionOptions.builder()
                        .region(new Region(0, 180, 400, 100))
                        .build());
        assertEquals(2, inRegion.size());
        List<VisualElement> ignored = SalientRegionDetector.detect(
                frame,
                UiElementDetectionOptions.builder()
                        .ignoreRegion(new Region(190, 190, 140, 60))
                        .build());
        assertEquals(2, ignored.size());
        assertTrue(ignored.stream().noneMatch(e -> e.bounds().iou(CANCEL) > 0));
        List<VisualElement> small = SalientRegionDetector.detect(
                frame, UiElementDetectionOptions.builder().maxWidth(200).build());
        assertEquals(2, small.size());
        List<VisualElement> big = SalientRegionDetector.detect(
                frame, UiElementDetectionOptions.builder().minArea(5000L).build());
        assertEquals(List.of(FIELD), big.stream().map(VisualElement::bounds).toList());
        List<VisualElement> padded = SalientRegionDetector.detect(
                frame,
                UiElementDetectionOptions.builder().padding(4).maxElements(1).build());
        assertEquals(
                List.of(new Region(36, 96, 288, 38)),
                padded.stream().map(VisualElement::bounds).toList());
        List<VisualElement> byArea = SalientRegionDetector.detect(
                frame,
                UiElementDetectionOptions.builder().sort(UiElementSort.AREA).build());
        assertEquals(FIELD, byArea.get(0).bounds());
    }

    @Test
    void regionOutsideTheFrameIsRefused() {
        VisionException e = assertThrows(
                VisionException.class,
                () -> SalientRegionDetector.detect(
                        dialog(),
                        UiElementDetectionOptions.builder()
                                .region(new Region(300, 200, 200, 200))
                                .build()));
        assertEquals(VisionException.INVALID_REGION, e.code());
    }

    @Test
    void maskAndOverlayMarkWhatWasFound() {
        Frame frame = dialog();
        Frame mask = ElementImages.saliencyMask(frame, UiElementDetectionOptions.DEFAULTS);
        assertEquals(0xffffffff, mask.argb(OK.x(), OK.y() + 5));
        assertEquals(0, mask.argb(5, 5));
        List<VisualElement> elements = SalientRegionDetector.detect(frame, UiElementDetectionOptions.DEFAULTS);
        Frame overlay = ElementImages.overlay(frame, elements);
        assertEquals(0xffff0000, overlay.argb(OK.x(), OK.y() + 10));
        assertEquals(0xffffffff, overlay.argb(5, 5));
    }
}
