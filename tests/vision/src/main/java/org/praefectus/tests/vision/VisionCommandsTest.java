package org.praefectus.tests.vision;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceReference;
import org.osgi.test.common.annotation.InjectBundleContext;
import org.osgi.test.common.annotation.InjectService;
import org.praefectus.api.cli.CliCommand;
import org.praefectus.api.cli.CommandLine;
import org.praefectus.api.vision.CaptureStreams;
import org.praefectus.api.vision.ImageCodec;
import org.praefectus.api.vision.OcrEngine;
import org.praefectus.api.vision.UiElementDetector;
import org.praefectus.api.vision.UiStateDetector;
import org.praefectus.api.vision.VisualComparator;

/** The vision services and their CLI commands in a real Felix, on PNG files drawn here. */
class VisionCommandsTest {

    @InjectBundleContext
    BundleContext context;

    @InjectService
    CommandLine cli;

    @InjectService
    ImageCodec codec;

    @InjectService
    VisualComparator comparator;

    @InjectService
    CaptureStreams streams;

    @InjectService
    UiStateDetector state;

    @InjectService
    UiElementDetector elements;

    @InjectService
    OcrEngine ocr;

    @TempDir
    Path dir;

    @Test
    void commandsAreContributedAsServices() throws Exception {
        Set<String> names = new TreeSet<>();
        for (ServiceReference<CliCommand> ref : context.getServiceReferences(CliCommand.class, null)) {
            if (ref.getBundle().getSymbolicName().equals("org.praefectus.vision")) {
                names.add((String) ref.getProperty(CliCommand.NAME_PROPERTY));
            }
        }
        assertEquals(Set.of("capture-delta", "compare", "ocr", "state", "vision-elements"), names);
        String help = Cli.run(cli, "help").envelope().toString();
        assertTrue(help.contains("vision-elements"), help);
    }

    @Test
    void compareReportsExactChangesWritesDiffAndReportAndFailsOnMismatch() throws Exception {
        Path before = Pictures.write(dir.resolve("before.png"), 10, null);
        Path after = Pictures.write(dir.resolve("after.png"), 60, null);
        Path diff = dir.resolve("out/diff.png");
        Path report = dir.resolve("out/diff.json");

        Cli.Result mismatch = Cli.run(
                cli,
                "compare",
                before.toString(),
                after.toString(),
                "--diff-output",
                diff.toString(),
                "--report",
                report.toString());
        assertEquals(CommandLine.EXIT_PROTOCOL, mismatch.exitCode());
        assertEquals("visual_mismatch", mismatch.errorCode());
        JsonNode written = Cli.JSON.readTree(Files.readAllBytes(report));
        assertEquals(1800, written.at("/result/changed_pixels").asLong());
        assertEquals(80, written.at("/result/changed_bounds/width").asInt());
        assertEquals(0xffff0000, javax.imageio.ImageIO.read(diff.toFile()).getRGB(15, 45));

        Cli.Result noFail =
                Cli.run(cli, "compare", "--expected", before.toString(), "--actual", after.toString(), "--no-fail");
        assertEquals(CommandLine.EXIT_OK, noFail.exitCode());
        assertFalse(noFail.data().at("/result/matches").asBoolean());
        assertEquals(64_000, noFail.data().at("/result/compared_pixels").asLong());

        Cli.Result ignored =
                Cli.run(cli, "compare", before.toString(), after.toString(), "--ignore-region", "0,30,120,50");
        assertEquals(CommandLine.EXIT_OK, ignored.exitCode(), ignored.envelope().toString());
        assertTrue(ignored.data().at("/result/matches").asBoolean());
    }

    @Test
    void badInputIsAClearError() throws Exception {
        Path good = Pictures.write(dir.resolve("good.png"), 10, null);
        Path corrupt = Files.write(dir.resolve("corrupt.png"), java.util.Arrays.copyOf(Files.readAllBytes(good), 60));
        Cli.Result result = Cli.run(cli, "compare", good.toString(), corrupt.toString());
        assertEquals(CommandLine.EXIT_PROTOCOL, result.exitCode());
        assertEquals("invalid_image", result.errorCode());
        assertFalse(result.envelope().toString().contains(corrupt.toString()), "no file names in messages");

        assertEquals("usage", Cli.run(cli, "compare", good.toString()).errorCode());
        assertEquals(
                "usage",
                Cli.run(cli, "compare", good.toString(), good.toString(), "--region", "1,2,3")
                        .errorCode());
        assertEquals("usage", Cli.run(cli, "state", good.toString()).errorCode());
        assertEquals(
                "invalid_region",
                Cli.run(cli, "vision-elements", good.toString(), "--region", "300,0,100,100")
                        .errorCode());
        assertEquals(
                "unknown_language",
                Cli.run(cli, "ocr", "--image", good.toString(), "--language", "qqq")
                        .errorCode());
        assertEquals(
                "usage",
                Cli.run(cli, "ocr", "--image", good.toString(), "--frobnicate").errorCode());
    }

    @Test
    void stateClassifiesASequence() throws Exception {
        Path a = Pictures.write(dir.resolve("a.png"), 10, null);
        Path b = Pictures.write(dir.resolve("b.png"), 100, null);
        Path c = Pictures.write(dir.resolve("c.png"), 200, null);
        Cli.Result loading = Cli.run(cli, "state", a.toString(), b.toString(), c.toString());
        assertEquals(CommandLine.EXIT_OK, loading.exitCode(), loading.envelope().toString());
        assertEquals("loading", loading.data().get("state").asText());
        assertEquals(2, loading.data().get("loading_transitions").asInt());
        Cli.Result stable =
                Cli.run(cli, "state", "--image", a.toString(), "--image", c.toString(), "--image", c.toString());
        assertEquals("stable", stable.data().get("state").asText());
        assertEquals(1, stable.data().get("trailing_stable_transitions").asInt());
    }

    @Test
    void visionElementsFindsTheBoxAndWritesMaskAndOverlay() throws Exception {
        Path image = Pictures.write(dir.resolve("box.png"), 100, null);
        Path mask = dir.resolve("mask.png");
        Path overlay = dir.resolve("overlay.png");
        Cli.Result result = Cli.run(
                cli,
                "vision-elements",
                "--image",
                image.toString(),
                "--mask-output",
                mask.toString(),
                "--overlay-output",
                overlay.toString());
        assertEquals(CommandLine.EXIT_OK, result.exitCode(), result.envelope().toString());
        JsonNode found = result.data().get("elements");
        assertEquals(1, found.size());
        assertEquals("visual-region", found.get(0).get("role").asText());
        assertEquals(100, found.get(0).at("/bounds/x").asInt());
        assertEquals(30, found.get(0).at("/bounds/width").asInt());
        assertTrue(Files.size(mask) > 0 && Files.size(overlay) > 0);
    }

    @Test
    void ocrRunsRealTesseractInsideTheFramework() throws Exception {
        Path image = Pictures.write(dir.resolve("text.png"), 250, "Quarterly report");
        Cli.Result result = Cli.run(cli, "ocr", "--image", image.toString(), "--region", "0,120,320,80");
        assertEquals(CommandLine.EXIT_OK, result.exitCode(), result.envelope().toString());
        assertEquals("Quarterly report", result.data().at("/result/text").asText());
        JsonNode words = result.data().at("/result/words");
        assertEquals(2, words.size());
        for (JsonNode word : words) {
            assertTrue(
                    word.at("/bounds/y").asInt() >= 140 && word.at("/bounds/x").asInt() >= 18, word.toString());
        }
        assertTrue(ocr.languages().contains("eng"));
    }

    @Test
    void liveCommandsFailClearlyWithoutACaptureService() throws Exception {
        assertEquals(
                null,
                context.getServiceReference(org.praefectus.api.vision.ScreenCapture.class),
                "no platform bundle provides capture in this framework");
        assertEquals("capture_unavailable", Cli.run(cli, "ocr").errorCode());
        assertEquals(
                "capture_unavailable",
                Cli.run(cli, "capture-delta", "--stream", "s").errorCode());
        assertEquals("usage", Cli.run(cli, "capture-delta").errorCode());
    }
}
