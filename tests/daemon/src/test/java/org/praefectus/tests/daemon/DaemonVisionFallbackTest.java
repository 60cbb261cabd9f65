package org.praefectus.tests.daemon;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --vision-fallback}: a daemon started with it looks with vision where accessibility finds nothing, for
 * every element lookup it serves. The window is xmessage's, which the window manager lists but AT-SPI never
 * sees, so vision is the only way in: its regions lie inside the window the X server (xwininfo, the
 * independent oracle) reports, and are attributed to it. Without the flag the same lookup finds no window.
 */
class DaemonVisionFallbackTest {

    @TempDir
    Path directory;

    private TestWindow xmessage;
    private String title;

    @BeforeEach
    void openWindow() throws Exception {
        Daemon.requireDesktop();
        title = TestWindow.uniqueTitle("Vision Fallback");
        xmessage = TestWindow.open(
                "xmessage", "-title", title, "-buttons", "Okay:0,Cancel:1", "A window no accessibility sees");
    }

    @AfterEach
    void closeWindow() throws Exception {
        xmessage.close();
    }

    /**
     * The client window's x, y, width, height from the X server (xwininfo's absolute position and size), once
     * the window is mapped. Not xdotool's getwindowgeometry: under a reparenting window manager it adds the
     * frame's offset a second time (here 1, 20: openbox's border and title bar).
     */
    private long[] xGeometry() {
        return await("the X server knows the xmessage window")
                .atMost(Duration.ofSeconds(30))
                .pollInterval(Duration.ofMillis(200))
                .until(
                        () -> {
                            String id = run("xdotool", "search", "--name", title)
                                    .lines()
                                    .findFirst()
                                    .orElse("")
                                    .strip();
                            if (id.isEmpty()) {
                                return null;
                            }
                            long[] g = new long[4];
                            int found = 0;
                            for (String line :
                                    run("xwininfo", "-id", id).lines().toList()) {
                                String[] pair = line.strip().split(":\\s+", 2);
                                int index = switch (pair[0]) {
                                    case "Absolute upper-left X" -> 0;
                                    case "Absolute upper-left Y" -> 1;
                                    case "Width" -> 2;
                                    case "Height" -> 3;
                                    default -> -1;
                                };
                                if (index >= 0 && pair.length == 2) {
                                    g[index] = Long.parseLong(pair[1].strip());
                                    found++;
                                }
                            }
                            return found == 4 ? g : null;
                        },
                        geometry -> geometry != null);
    }

    private static String run(String... command) throws Exception {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        process.waitFor(10, TimeUnit.SECONDS);
        return out;
    }

    @Test
    void aDaemonWithVisionFallbackFindsRegionsOfAWindowAccessibilityCannotSee() throws Exception {
        long[] window = xGeometry();

        Daemon.Result alone =
                Daemon.cli(directory, environment -> {}, "--no-daemon", "elements", "--window-title", title);
        assertEquals("target_not_found", alone.envelope().at("/error/code").asText(), alone.stdout());

        try (Daemon daemon = Daemon.start(directory, environment -> {}, "--no-grpc", "--vision-fallback")) {
            assertTrue(daemon.ready.toString().contains("\"vision_fallback\":true"), daemon.ready.toString());
            JsonNode viaSocket;
            try (Daemon.Client client = daemon.connect()) {
                viaSocket =
                        client.call("{\"method\":\"find_elements\",\"params\":{\"window_title\":\"" + title + "\"}}");
            }
            Daemon.Result viaCli = daemon.cli(directory, "elements", "--window-title", title);
            for (JsonNode answer : new JsonNode[] {viaSocket, viaCli.envelope()}) {
                assertTrue(answer.get("ok").asBoolean(), answer.toString());
                JsonNode data = answer.get("data");
                assertTrue(data.get("vision_fallback_used").asBoolean(), data.toString());
                assertEquals("vision", data.get("backend_name").asText());
                int inside = 0;
                for (JsonNode element : data.get("elements")) {
                    assertEquals(title, element.get("window_title").asText(), element.toString());
                    assertEquals("xmessage", element.get("app_id").asText(), element.toString());
                    JsonNode b = element.get("bounds");
                    if (b.get("x").asLong() >= window[0]
                            && b.get("y").asLong() >= window[1]
                            && b.get("x").asLong() + b.get("width").asLong() <= window[0] + window[2]
                            && b.get("y").asLong() + b.get("height").asLong() <= window[1] + window[3]) {
                        inside++;
                    }
                }
                // the label and the two buttons at least, within the client window the X server reports
                assertTrue(inside >= 3, "regions inside " + java.util.Arrays.toString(window) + ": " + data);
                assertFalse(data.get("warnings").toString().isEmpty());
            }
        }
    }
}
