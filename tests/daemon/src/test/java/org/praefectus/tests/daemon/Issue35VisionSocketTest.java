package org.praefectus.tests.daemon;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 35: the socket's vision, capture and plugin methods ran the CLI command of the same job through an argument
 * list built from the request (an unknown field became an unknown flag, a compared mismatch lost its bounds). Now each
 * calls its typed service: a field none reads is refused by name ({@code unsupported_field}) and the daemon keeps
 * serving; the answers are the CLI's. Images are real PNG files drawn here; what the methods report is checked
 * against what was drawn, and OCR against the CLI's own {@code ocr} of the same file.
 */
class Issue35VisionSocketTest {

    @TempDir
    static Path directory;

    static Daemon daemon;

    @BeforeAll
    static void start() throws Exception {
        Daemon.requireDesktop();
        daemon = Daemon.start(directory, environment -> {}, "--no-grpc");
    }

    @AfterAll
    static void stop() throws Exception {
        if (daemon != null) {
            daemon.close();
        }
    }

    /** A white PNG of {@code width}×{@code height} with a black rectangle at {@code x,y,w,h} (none when w is 0). */
    private static Path png(String name, int width, int height, int x, int y, int w, int h) throws IOException {
        BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, width, height);
        g.setColor(Color.BLACK);
        g.fillRect(x, y, w, h);
        g.dispose();
        Path file = directory.resolve(name);
        ImageIO.write(image, "png", file.toFile());
        return file;
    }

    private static String quoted(Path file) {
        return "\"" + file + "\"";
    }

    private static void stillServes(Daemon.Client client) throws IOException {
        assertTrue(client.call("{\"method\":\"ping\"}").get("ok").asBoolean(), "the daemon keeps serving");
    }

    @Test
    void ocrThroughTheSocketReadsWhatTheCliReadsFromTheSameImage() throws Exception {
        BufferedImage image = new BufferedImage(640, 120, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, 640, 120);
        g.setColor(Color.BLACK);
        g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 48));
        g.drawString("Praefectus reads", 20, 80);
        g.dispose();
        Path file = directory.resolve("text.png");
        ImageIO.write(image, "png", file.toFile());

        Daemon.Result cli = daemon.cli(directory, "ocr", "--image", file.toString());
        String cliText = cli.envelope().at("/data/result/text").asText();
        assertTrue(cliText.contains("Praefectus"), cli.stdout());
        try (Daemon.Client client = daemon.connect()) {
            JsonNode reply = client.call("{\"method\":\"ocr\",\"params\":{\"image_path\":" + quoted(file) + "}}");
            assertTrue(reply.get("ok").asBoolean(), reply.toString());
            assertEquals(cliText, reply.at("/data/result/text").asText(), "the socket reads what the CLI reads");
            assertEquals(file.toString(), reply.at("/data/image").asText());

            JsonNode unknown = client.call("{\"method\":\"ocr\",\"params\":{\"image_path\":" + quoted(file)
                    + ",\"langauge\":\"eng\"},\"id\":7}");
            assertEquals("unsupported_field", unknown.at("/error/code").asText(), unknown.toString());
            assertTrue(unknown.at("/error/message").asText().contains("langauge"), unknown.toString());
            assertEquals(7, unknown.get("id").asInt());
            JsonNode badPsm = client.call("{\"method\":\"ocr\",\"params\":{\"image_path\":" + quoted(file)
                    + ",\"page_segmentation_mode\":99}}");
            assertEquals("invalid_request", badPsm.at("/error/code").asText(), badPsm.toString());
            stillServes(client);
        }
    }

    @Test
    void compareImagesMatchesAnImageWithItselfAndReportsTheBoundsOfWhatChanged() throws Exception {
        Path blank = png("blank.png", 40, 30, 0, 0, 0, 0);
        Path marked = png("marked.png", 40, 30, 5, 7, 10, 4);
        try (Daemon.Client client = daemon.connect()) {
            JsonNode same = client.call("{\"method\":\"compare_images\",\"params\":{\"expected_path\":" + quoted(blank)
                    + ",\"actual_path\":" + quoted(blank) + "}}");
            assertTrue(same.get("ok").asBoolean(), same.toString());
            assertEquals(0, same.at("/data/result/changed_pixels").asLong());
            assertEquals(1200, same.at("/data/result/compared_pixels").asLong());
            assertTrue(same.at("/data/result/matches").asBoolean());

            JsonNode differ = client.call("{\"method\":\"compare_images\",\"params\":{\"expected_path\":"
                    + quoted(blank) + ",\"actual_path\":" + quoted(marked) + "}}");
            assertEquals("visual_mismatch", differ.at("/error/code").asText(), differ.toString());
            JsonNode bounds = differ.at("/error/details/result/changed_bounds");
            assertEquals(
                    List.of(5, 7, 10, 4),
                    List.of(
                            bounds.get("x").asInt(),
                            bounds.get("y").asInt(),
                            bounds.get("width").asInt(),
                            bounds.get("height").asInt()),
                    "the bounds of the rectangle drawn: " + differ);
            assertEquals(40, differ.at("/error/details/result/changed_pixels").asLong());

            Path diff = directory.resolve("diff.png");
            JsonNode tolerated = client.call("{\"method\":\"compare_images\",\"params\":{\"expected_path\":"
                    + quoted(blank) + ",\"actual_path\":" + quoted(marked) + ",\"no_fail\":true,\"diff_output\":"
                    + quoted(diff) + "}}");
            assertTrue(tolerated.get("ok").asBoolean(), tolerated.toString());
            assertFalse(tolerated.at("/data/result/matches").asBoolean());
            assertEquals(40, ImageIO.read(diff.toFile()).getWidth(), "the diff image is written");

            Daemon.Result cli = daemon.cli(
                    directory,
                    "compare",
                    blank.toString(),
                    marked.toString(),
                    "--no-fail",
                    "--diff-output",
                    directory.resolve("cli-diff.png").toString());
            assertEquals(
                    tolerated.at("/data/result").toString(),
                    cli.envelope().at("/data/result").toString(),
                    "the socket and the CLI answer the same comparison");

            JsonNode unknown = client.call("{\"method\":\"compare_images\",\"params\":{\"expected_path\":"
                    + quoted(blank) + ",\"actual_path\":" + quoted(marked) + ",\"treshold\":3}}");
            assertEquals("unsupported_field", unknown.at("/error/code").asText(), unknown.toString());
            stillServes(client);
        }
    }

    @Test
    void uiStateAndUiElementsReadTheDrawnFrames() throws Exception {
        Path first = png("state-1.png", 64, 48, 0, 0, 0, 0);
        Path second = png("state-2.png", 64, 48, 0, 0, 0, 0);
        Path third = png("state-3.png", 64, 48, 0, 0, 0, 0);
        Path button = png("button.png", 120, 80, 30, 20, 40, 24);
        Path mask = directory.resolve("mask.png");
        try (Daemon.Client client = daemon.connect()) {
            JsonNode state = client.call("{\"method\":\"detect_ui_state\",\"params\":{\"image_paths\":[" + quoted(first)
                    + "," + quoted(second) + "," + quoted(third) + "]}}");
            assertTrue(state.get("ok").asBoolean(), state.toString());
            assertEquals("stable", state.at("/data/state").asText(), state.toString());

            JsonNode elements = client.call("{\"method\":\"detect_ui_elements\",\"params\":{\"image_path\":"
                    + quoted(button) + ",\"mask_output_path\":" + quoted(mask) + "}}");
            assertTrue(elements.get("ok").asBoolean(), elements.toString());
            boolean found = false;
            for (JsonNode element : elements.at("/data/elements")) {
                JsonNode b = element.get("bounds");
                found |= b.get("x").asInt() <= 30
                        && b.get("y").asInt() <= 20
                        && b.get("x").asInt() + b.get("width").asInt() >= 70
                        && b.get("y").asInt() + b.get("height").asInt() >= 44;
            }
            assertTrue(found, "a region holds the rectangle drawn at 30,20 40x24: " + elements);
            assertEquals(120, ImageIO.read(mask.toFile()).getWidth(), "the mask is written");

            JsonNode oneFrame = client.call(
                    "{\"method\":\"detect_ui_state\",\"params\":{\"image_paths\":[" + quoted(first) + "]}}");
            assertEquals("invalid_request", oneFrame.at("/error/code").asText(), oneFrame.toString());
            JsonNode unknown = client.call("{\"method\":\"detect_ui_elements\",\"params\":{\"image_path\":"
                    + quoted(button) + ",\"edge_treshold\":3}}");
            assertEquals("unsupported_field", unknown.at("/error/code").asText(), unknown.toString());
            stillServes(client);
        }
    }

    @Test
    void captureWritesTheRegionItWasAskedForAndRefusesWhatItDoesNotRead() throws Exception {
        Path shot = directory.resolve("shot.png");
        try (Daemon.Client client = daemon.connect()) {
            JsonNode captured = client.call("{\"method\":\"capture\",\"params\":{\"output\":" + quoted(shot)
                    + ",\"region\":{\"x\":3,\"y\":4,\"width\":21,\"height\":13}}}");
            assertTrue(captured.get("ok").asBoolean(), captured.toString());
            BufferedImage image = ImageIO.read(shot.toFile());
            assertEquals(List.of(21, 13), List.of(image.getWidth(), image.getHeight()), "the file holds the region");
            assertEquals("region", captured.at("/data/source").asText());
            assertEquals("x11-shm", captured.at("/data/backend").asText());
            assertEquals(3, captured.at("/data/capture_region/x").asInt());
            assertEquals(
                    "rw-------",
                    java.nio.file.attribute.PosixFilePermissions.toString(Files.getPosixFilePermissions(shot)));
            Daemon.Result cli = daemon.cli(
                    directory,
                    "capture",
                    "--region",
                    "3,4,21,13",
                    "--output",
                    directory.resolve("cli.png").toString());
            JsonNode cliData = cli.envelope().get("data");
            for (String field : List.of("x", "y", "width", "height", "mime_type", "capture_region", "source")) {
                assertEquals(cliData.get(field), captured.at("/data/" + field), field + " as the CLI writes it");
            }

            JsonNode again = client.call("{\"method\":\"capture\",\"params\":{\"output\":" + quoted(shot) + "}}");
            assertEquals("capture_error", again.at("/error/code").asText(), "never overwritten: " + again);
            JsonNode unknown = client.call("{\"method\":\"capture\",\"params\":{\"output\":"
                    + quoted(directory.resolve("other.png")) + ",\"window_name\":\"x\"}}");
            assertEquals("unsupported_field", unknown.at("/error/code").asText(), unknown.toString());
            assertFalse(Files.exists(directory.resolve("other.png")), "nothing was captured");
            JsonNode notPng = client.call(
                    "{\"method\":\"capture\",\"params\":{\"output\":" + quoted(directory.resolve("a.jpg")) + "}}");
            assertEquals("invalid_request", notPng.at("/error/code").asText(), notPng.toString());
            stillServes(client);
        }
    }

    @Test
    void captureDeltaAndCaptureBackendsRefuseWhatTheyDoNotRead() throws Exception {
        try (Daemon.Client client = daemon.connect()) {
            String region = "\"region\":{\"x\":0,\"y\":0,\"width\":16,\"height\":16}";
            JsonNode first =
                    client.call("{\"method\":\"capture_delta\",\"params\":{\"stream_id\":\"issue35\"," + region + "}}");
            assertTrue(first.at("/data/full_frame").asBoolean(), first.toString());
            assertEquals(16, first.at("/data/frame_width").asInt());
            JsonNode next =
                    client.call("{\"method\":\"capture_delta\",\"params\":{\"stream_id\":\"issue35\"," + region + "}}");
            assertEquals(
                    first.at("/data/sequence").asLong() + 1,
                    next.at("/data/sequence").asLong(),
                    next.toString());
            assertFalse(next.at("/data/full_frame").asBoolean(), next.toString());

            JsonNode notABoolean = client.call("{\"method\":\"capture_delta\",\"params\":{\"stream_id\":\"issue35\","
                    + "\"low_bandwidth\":\"no\"}}");
            assertEquals("invalid_request", notABoolean.at("/error/code").asText(), notABoolean.toString());
            JsonNode unknown = client.call(
                    "{\"method\":\"capture_delta\",\"params\":{\"stream_id\":\"issue35\"," + "\"window_id\":\"0x1\"}}");
            assertEquals("unsupported_field", unknown.at("/error/code").asText(), unknown.toString());

            JsonNode backends = client.call("{\"method\":\"capture_backends\",\"params\":{\"diagnose\":true}}");
            assertTrue(backends.get("ok").asBoolean(), backends.toString());
            assertEquals("x11-shm", backends.at("/data/selected_backend").asText(), backends.toString());
            JsonNode badProbe = client.call("{\"method\":\"capture_backends\",\"params\":{\"probe\":\"everything\"}}");
            assertEquals("invalid_request", badProbe.at("/error/code").asText(), badProbe.toString());
            stillServes(client);
        }
    }

    @Test
    void pluginsAreListedTypedAndTheGateStillStandsBeforeACall() throws Exception {
        Path plugins = Files.createDirectories(directory.resolve("plugins/echo"));
        Files.writeString(
                plugins.resolve("peekaboox.plugin.json"),
                "{\"schema_version\":\"peekaboox.plugin.v1\",\"id\":\"org.praefectus.tests.echo\",\"name\":\"Echo\","
                        + "\"version\":\"1.0.0\",\"capabilities\":[\"observe\"],\"entrypoint\":{\"kind\":\"process\","
                        + "\"command\":[\"python3\",\"plugin.py\"]},\"tools\":[{\"name\":\"echo\",\"description\":\"e\","
                        + "\"capabilities\":[\"observe\"],\"input_schema\":{\"type\":\"object\"}}]}");
        Files.writeString(plugins.resolve("plugin.py"), "print('{}')\n");
        Path folder = plugins.getParent();
        try (Daemon.Client client = daemon.connect()) {
            JsonNode listed =
                    client.call("{\"method\":\"list_plugins\",\"params\":{\"paths\":[" + quoted(folder) + "]}}");
            assertTrue(listed.get("ok").asBoolean(), listed.toString());
            assertEquals(
                    "org.praefectus.tests.echo", listed.at("/data/plugins/0/id").asText(), listed.toString());
            assertEquals("echo", listed.at("/data/plugins/0/tools/0/name").asText());
            assertFalse(listed.at("/data/plugins/0/trusted").asBoolean(), "no trust policy pins it");
            Daemon.Result cli = daemon.cli(directory, "plugins", "--path", folder.toString());
            assertEquals(listed.get("data"), cli.envelope().get("data"), "the socket lists what the CLI lists");

            JsonNode unknown = client.call(
                    "{\"method\":\"list_plugins\",\"params\":{\"paths\":[" + quoted(folder) + "],\"recursive\":true}}");
            assertEquals("unsupported_field", unknown.at("/error/code").asText(), unknown.toString());

            JsonNode call = client.call("{\"method\":\"call_plugin_tool\",\"params\":{\"plugin_id\":"
                    + "\"org.praefectus.tests.echo\",\"tool\":\"echo\",\"paths\":[" + quoted(folder) + "]}}");
            assertEquals("plugins_not_allowed", call.at("/error/code").asText(), call.toString());
            stillServes(client);
        }
        String audit = Files.readString(daemon.state.resolve("audit.jsonl"));
        assertTrue(
                audit.contains("\"method\":\"call_plugin_tool\"") && audit.contains("plugins_not_allowed"),
                "the refusal is audited: " + audit);
    }
}
