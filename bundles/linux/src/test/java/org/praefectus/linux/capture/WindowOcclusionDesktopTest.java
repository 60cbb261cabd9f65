package org.praefectus.linux.capture;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.praefectus.api.desktop.CaptureRequest;
import org.praefectus.api.desktop.Screenshot;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.vision.Frame;
import org.praefectus.api.vision.Occlusion;
import org.praefectus.api.vision.Region;

/**
 * A window capture on the real test desktop (Xvfb + openbox) with a second real window over the captured one: the
 * capture says {@code occluded} and names the window above, with the part it covers; with nothing above it says
 * nothing. The oracle is independent of the stacking the capture reads: xdotool finds the windows, and the pixels
 * that changed when the upper window appeared are the covered part.
 */
class WindowOcclusionDesktopTest {

    private final List<Process> started = new ArrayList<>();

    @AfterEach
    void closeWindows() throws InterruptedException {
        for (Process process : started) {
            process.destroy();
            process.waitFor(5, TimeUnit.SECONDS);
        }
    }

    @Test
    void aCoveredWindowIsCapturedWithTheOccludedWarningAndAnUncoveredOneWithout() throws Exception {
        LinuxScreenCapture capture = new LinuxScreenCapture(ShmCaptureDesktopTest.environment(), false);
        try {
            Region screen = capture.screenBounds();
            byte[] empty = capture.capture(screen).copyPixels();
            long lower = window("Praefectus Lower", "500x300+100+100", "red");
            settled(capture, screen, empty);
            Region lowerRegion = capture.windowRegion(lower);
            Frame alone = capture.capture(lowerRegion);
            assertEquals(Optional.empty(), capture.occlusion(Long.toString(lower), lowerRegion), "nothing covers it");

            long upper = window("Praefectus Upper", "300x200+350+250", "blue");
            Frame covered = settled(capture, lowerRegion, alone.copyPixels());
            Occlusion occlusion = capture.occlusion(Long.toString(lower), lowerRegion)
                    .orElseThrow(() -> new AssertionError("the upper window covers the lower one"));
            assertEquals(Long.toString(upper), occlusion.covering().get(0).windowId());
            assertEquals("Praefectus Upper", occlusion.covering().get(0).title());
            assertEquals("xmessage", occlusion.covering().get(0).app());
            // the pixels that changed when the upper window appeared lie under it (its frame and decorations
            // included); the text of both windows may share a few pixels, so the two agree to a hundredth
            double changed = changedFraction(alone, covered);
            assertTrue(
                    Math.abs(changed - occlusion.coveredFraction()) < 0.01,
                    "covered " + occlusion.coveredFraction() + ", changed pixels " + changed);
            assertEquals(Optional.empty(), capture.occlusion(Long.toString(upper), capture.windowRegion(upper)));

            // the typed desktop capture carries it in its JSON, as the CLI and the socket write it
            Screenshot shot = new DesktopCaptureComponent(capture, capture, null)
                    .capture(new CaptureRequest(null, lower, null, null, null, null, false), new CancellationToken());
            JsonNode json = new ObjectMapper().valueToTree(shot);
            assertEquals("occluded", json.path("warnings").path(0).path("code").asText(), json.toString());
            assertEquals(
                    Long.toString(upper),
                    json.path("warnings")
                            .path(0)
                            .path("covering")
                            .path(0)
                            .path("window_id")
                            .asText());
            assertTrue(json.path("warnings").path(0).path("covered_fraction").asDouble() > 0);

            run("xdotool", "windowmove", "--sync", Long.toString(upper), "1300", "700");
            assertEquals(Optional.empty(), capture.occlusion(Long.toString(lower), lowerRegion), "moved away");
            // uncovered, the region shows the window's own pixels again: what it showed alone
            assertTrue(Arrays.equals(
                    alone.copyPixels(),
                    settled(capture, lowerRegion, covered.copyPixels()).copyPixels()));
            JsonNode clean = new ObjectMapper()
                    .valueToTree(new DesktopCaptureComponent(capture, capture, null)
                            .capture(
                                    new CaptureRequest(null, lower, null, null, null, null, false),
                                    new CancellationToken()));
            assertTrue(clean.path("warnings").isMissingNode(), clean.toString());
        } finally {
            capture.close();
        }
    }

    /**
     * The region once it changed from {@code before} and holds still (two captures in a row equal): a window is
     * found as soon as it is mapped, and painted after that.
     */
    private static Frame settled(LinuxScreenCapture capture, Region region, byte[] before) {
        AtomicReference<byte[]> previous = new AtomicReference<>(before);
        return await("the region changed and holds still")
                .atMost(Duration.ofSeconds(10))
                .pollInterval(Duration.ofMillis(100))
                .until(() -> capture.capture(region), frame -> {
                    byte[] pixels = frame.copyPixels();
                    return !Arrays.equals(pixels, before) && Arrays.equals(pixels, previous.getAndSet(pixels));
                });
    }

    /** The part of two equal-sized frames whose pixels differ. */
    private static double changedFraction(Frame before, Frame after) {
        byte[] a = before.copyPixels();
        byte[] b = after.copyPixels();
        long changed = 0;
        for (int i = 0; i < a.length; i += 4) {
            if (a[i] != b[i] || a[i + 1] != b[i + 1] || a[i + 2] != b[i + 2]) {
                changed++;
            }
        }
        return changed / (a.length / 4.0);
    }

    /** A real xmessage window of one colour, mapped by the window manager; its X window ID. */
    private long window(String title, String geometry, String colour) throws IOException, InterruptedException {
        started.add(new ProcessBuilder("xmessage", "-title", title, "-geometry", geometry, "-bg", colour, title)
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start());
        String found = run("xdotool", "search", "--sync", "--onlyvisible", "--name", "^" + title + "$");
        long id = Long.parseLong(found.strip().split("\\s+")[0]);
        run("xdotool", "windowactivate", "--sync", Long.toString(id));
        return id;
    }

    private static String run(String... command) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), UTF_8);
        if (!process.waitFor(20, TimeUnit.SECONDS) || process.exitValue() != 0) {
            fail(String.join(" ", command) + " failed: " + output);
        }
        return output;
    }
}
