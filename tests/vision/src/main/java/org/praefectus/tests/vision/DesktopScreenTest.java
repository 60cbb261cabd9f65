package org.praefectus.tests.vision;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.osgi.framework.BundleContext;
import org.osgi.test.common.annotation.InjectBundleContext;
import org.osgi.test.common.annotation.InjectService;
import org.praefectus.api.cli.CommandLine;
import org.praefectus.api.vision.OcrEngine;
import org.praefectus.api.vision.OcrOptions;
import org.praefectus.api.vision.OcrResult;
import org.praefectus.api.vision.Region;
import org.praefectus.api.vision.ScreenCapture;
import org.praefectus.api.vision.UiElementDetectionOptions;
import org.praefectus.api.vision.UiElementDetector;
import org.praefectus.api.vision.UiElementSort;
import org.praefectus.api.vision.VisualElement;

/**
 * Live OCR and capture deltas of the real test desktop: a zenity dialog on Xvfb, captured through a
 * {@link ScreenCapture} service. Needs {@code scripts/test-desktop}; fails without it.
 */
class DesktopScreenTest {

    private static final String MESSAGE = "Praefectus reads this screen";

    @InjectBundleContext
    BundleContext context;

    @InjectService
    CommandLine cli;

    /** Window-sized salient regions, largest first. */
    private static final UiElementDetectionOptions DIALOG = UiElementDetectionOptions.builder()
            .minWidth(300)
            .minHeight(80)
            .sort(UiElementSort.AREA)
            .build();

    @InjectService
    UiElementDetector elements;

    @InjectService
    OcrEngine ocr;

    private ScreenCapture capture;
    private Process dialog;

    @BeforeEach
    void desktop() throws Exception {
        if (System.getenv("DISPLAY") == null) {
            fail("this test needs the test desktop: run it through scripts/test-desktop");
        }
        capture = new RobotScreenCapture();
        context.registerService(ScreenCapture.class, capture, null);
    }

    @AfterEach
    void closeDialog() {
        if (dialog != null) {
            dialog.destroy();
        }
    }

    private void openDialog() throws Exception {
        dialog = new ProcessBuilder("zenity", "--info", "--title", "Vision check", "--text", MESSAGE, "--width", "420")
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
    }

    /**
     * Finds the dialog as the largest salient region of the live screen (vision only), then reads it with live
     * region OCR until its message appears or 30 s pass. Whole-screen OCR is not used: on the black root
     * window Tesseract's layout analysis loses most of the dialog's words (the tesseract CLI does the same).
     */
    private JsonNode waitForMessage() throws Exception {
        Instant deadline = Instant.now().plus(Duration.ofSeconds(30));
        JsonNode last = null;
        while (Instant.now().isBefore(deadline)) {
            List<VisualElement> found = elements.detect(capture.capture(null), DIALOG);
            if (found.isEmpty()) {
                continue;
            }
            Cli.Result result =
                    Cli.run(cli, "ocr", "--region", found.get(0).bounds().toString());
            assertEquals(
                    CommandLine.EXIT_OK, result.exitCode(), result.envelope().toString());
            last = result.data().get("result");
            if (last.get("text").asText().contains(MESSAGE)) {
                return last;
            }
        }
        fail("the dialog text was not read from the screen: " + (last == null ? "no dialog" : last.get("text")));
        return null;
    }

    @Test
    void liveRegionOcrReadsTheDialogInScreenCoordinates() throws Exception {
        openDialog();
        JsonNode result = waitForMessage();
        Region dialog = elements.detect(capture.capture(null), DIALOG).get(0).bounds();
        assertTrue(dialog.width() < 1920 && dialog.x() > 0 && dialog.y() > 0, dialog.toString());
        JsonNode reads = null;
        int words = 0;
        for (JsonNode word : result.get("words")) {
            Region bounds = new Region(
                    word.at("/bounds/x").asInt(),
                    word.at("/bounds/y").asInt(),
                    word.at("/bounds/width").asInt(),
                    word.at("/bounds/height").asInt());
            assertTrue(dialog.contains(bounds), bounds + " inside the dialog " + dialog);
            if (word.get("label").asText().equals("reads")) {
                reads = word.get("bounds");
            }
            words++;
        }
        assertTrue(words >= 4 && reads != null, result.toString());
        // the same word, recognised from a capture of just the dialog, lands on the same screen pixels
        OcrResult direct = ocr.recognize(capture.capture(dialog), null, OcrOptions.DEFAULTS);
        VisualElement readsDirect = direct.words().stream()
                .filter(w -> w.label().equals("reads"))
                .findFirst()
                .orElseThrow();
        assertEquals(reads.get("x").asInt(), readsDirect.bounds().x() + dialog.x());
        assertEquals(reads.get("y").asInt(), readsDirect.bounds().y() + dialog.y());
    }

    @Test
    void captureDeltaStreamsTheRealScreen() throws Exception {
        openDialog();
        waitForMessage();
        Cli.Result first = Cli.run(cli, "capture-delta", "--stream", "desktop", "--reset");
        assertEquals(CommandLine.EXIT_OK, first.exitCode(), first.envelope().toString());
        assertTrue(first.data().get("full_frame").asBoolean());
        assertEquals(0, first.data().get("sequence").asLong());
        assertEquals(1920, first.data().get("frame_width").asInt());
        assertEquals("bgra8", first.data().get("format").asText());
        assertEquals(
                1920 * 1080 * 4,
                java.util.Base64.getDecoder()
                        .decode(first.data().get("patch_base64").asText())
                        .length);

        Cli.Result still = Cli.run(cli, "capture-delta", "--stream", "desktop");
        assertEquals(1, still.data().get("sequence").asLong());
        assertFalse(still.data().get("full_frame").asBoolean());
        assertTrue(still.data().get("changed_bounds").isNull(), still.data().toString());

        dialog.destroy();
        dialog.waitFor();
        Instant deadline = Instant.now().plus(Duration.ofSeconds(10));
        JsonNode changed = null;
        while (changed == null && Instant.now().isBefore(deadline)) {
            JsonNode data = Cli.run(cli, "capture-delta", "--stream", "desktop").data();
            if (!data.get("changed_bounds").isNull()) {
                changed = data;
            }
        }
        assertTrue(changed != null, "closing the dialog changed the screen");
        assertTrue(changed.get("sequence").asLong() >= 2);
        JsonNode bounds = changed.get("changed_bounds");
        assertEquals(
                bounds.get("width").asInt() * 4, changed.get("patch_stride").asInt());
        assertTrue(bounds.get("width").asInt() >= 300 && bounds.get("width").asInt() < 1920, bounds.toString());

        Cli.Result full = Cli.run(cli, "capture-delta", "--stream", "desktop", "--full-frame");
        assertTrue(full.data().get("full_frame").asBoolean());
        assertEquals(
                changed.get("sequence").asLong() + 1,
                full.data().get("sequence").asLong());
    }
}
