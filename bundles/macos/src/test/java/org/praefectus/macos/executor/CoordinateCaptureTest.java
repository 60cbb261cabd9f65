package org.praefectus.macos.executor;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.stream.Stream;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.DispatchException;
import org.praefectus.api.executor.EffectKnowledge;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.executor.ExecutorFailure;
import org.praefectus.api.protocol.Action;
import org.praefectus.api.protocol.Capabilities;
import org.praefectus.api.protocol.CoordinateObservation;
import org.praefectus.api.protocol.FailureCode;
import org.praefectus.api.protocol.TargetRef;
import org.praefectus.api.protocol.VerificationPolicy;

/** Coordinate fences from display images where the OS serves them, and honest refusal where it does not. */
class CoordinateCaptureTest {

    @TempDir
    Path directory;

    @Test
    void withoutServedDisplayImagesThereIsNoCoordinateCaptureAndNothingPretends() throws Exception {
        FakeDesktop desktop = Fixtures.desktop("textedit");
        desktop.imagesServed = false;
        MacTesting mac = new MacTesting(desktop, directory);

        Capabilities capabilities = mac.executor.capabilities();
        ExecutorException unavailable = assertThrows(
                ExecutorException.class,
                () -> mac.executor.observeCoordinates(new CancellationToken(), MacTesting.deadline()));

        assertFalse(capabilities.permissions().get("coordinate_capture"));
        assertFalse(capabilities.supportedActions().contains("screenshot"));
        assertFalse(capabilities.supportedActions().contains("click"));
        assertEquals(ExecutorFailure.UNAVAILABLE, unavailable.failure());
    }

    @Test
    void withoutScreenRecordingThereIsNoCoordinateCapture() throws Exception {
        FakeDesktop desktop = Fixtures.desktop("textedit");
        desktop.screenRecording = false;
        MacTesting mac = new MacTesting(desktop, directory);

        assertFalse(mac.executor.capabilities().permissions().get("coordinate_capture"));
    }

    @Test
    void aCoordinateTargetIsStaleOnceTheScreenChanged() throws Exception {
        FakeDesktop desktop = Fixtures.desktop("textedit");
        MacTesting mac = new MacTesting(desktop, directory);
        CoordinateObservation observation =
                mac.executor.observeCoordinates(new CancellationToken(), MacTesting.deadline());
        TargetRef.Coordinates point = InputRouteTest.point(observation, 300, 300);
        mac.executor.resolve(point, new CancellationToken(), MacTesting.deadline());

        desktop.screens.get(1L)[0] = 7;

        ExecutorException stale = assertThrows(
                ExecutorException.class,
                () -> mac.executor.resolve(point, new CancellationToken(), MacTesting.deadline()));
        assertEquals("screen observation changed", stale.getMessage());
    }

    @Test
    void rowPaddingIsNotScreenContent() throws Exception {
        FakeDesktop desktop = Fixtures.desktop("textedit");
        MacTesting mac = new MacTesting(desktop, directory);
        CoordinateObservation observation =
                mac.executor.observeCoordinates(new CancellationToken(), MacTesting.deadline());
        TargetRef.Coordinates point = InputRouteTest.point(observation, 300, 300);
        // byte 4 * width of row 0 is padding (bytesPerRow = 4 * width + 16)
        desktop.screens.get(1L)[4 * (2880 / 40)] = 9;

        mac.executor.resolve(point, new CancellationToken(), MacTesting.deadline());
    }

    @Test
    void aPointOutsideItsDisplayOrAnOldObservationIsStale() throws Exception {
        FakeDesktop desktop = Fixtures.desktop("textedit");
        MacTesting mac = new MacTesting(desktop, directory);
        CoordinateObservation observation =
                mac.executor.observeCoordinates(new CancellationToken(), MacTesting.deadline());

        ExecutorException outside = assertThrows(
                ExecutorException.class,
                () -> mac.executor.resolve(
                        InputRouteTest.point(observation, 1440, 10), new CancellationToken(), MacTesting.deadline()));
        mac.clock.addAndGet(CoordinateObservation.MAX_AGE_MS + 1);
        ExecutorException old = assertThrows(
                ExecutorException.class,
                () -> mac.executor.resolve(
                        InputRouteTest.point(observation, 10, 10), new CancellationToken(), MacTesting.deadline()));

        assertEquals("coordinate is outside its named display", outside.getMessage());
        assertEquals("coordinate observation provenance does not match", old.getMessage());
    }

    @Test
    void theScreenshotIsANewPrivatePngInAPrivateDirectory() throws Exception {
        FakeDesktop desktop = Fixtures.desktop("textedit");
        MacTesting mac = new MacTesting(desktop, directory);
        mac.executor.observeCoordinates(new CancellationToken(), MacTesting.deadline());
        byte[] screen = desktop.screens.get(1L);
        screen[0] = 10; // blue
        screen[1] = 20; // green
        screen[2] = 30; // red
        // the content changed: observe again so the fence holds
        CoordinateObservation observation =
                mac.executor.observeCoordinates(new CancellationToken(), MacTesting.deadline());
        TargetRef.Coordinates point = InputRouteTest.point(observation, 10, 10);

        Path shot = directory.resolve("screenshots").resolve("shot.png");
        mac.executor.dispatch(
                new Action.Screenshot(shot.toString()),
                mac.executor.resolve(point, new CancellationToken(), MacTesting.deadline()),
                new VerificationPolicy.None(),
                new CancellationToken(),
                MacTesting.deadline());

        Path screenshots = directory.resolve("screenshots");
        List<Path> files;
        try (Stream<Path> listing = Files.list(screenshots)) {
            files = listing.toList();
        }
        assertEquals(List.of(shot), files);
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(screenshots)));
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(files.get(0))));
        BufferedImage png = ImageIO.read(files.get(0).toFile());
        assertEquals(2880 / 40, png.getWidth());
        assertEquals(1800 / 40, png.getHeight());
        assertArrayEquals(new int[] {30, 20, 10}, png.getRaster().getPixel(0, 0, new int[3]));
        assertTrue(desktop.effects.isEmpty());
    }

    @Test
    void aScreenshotPathOutsideTheHostDirectoryIsRefusedBeforeCapture() throws Exception {
        FakeDesktop desktop = Fixtures.desktop("textedit");
        MacTesting mac = new MacTesting(desktop, directory);
        CoordinateObservation observation =
                mac.executor.observeCoordinates(new CancellationToken(), MacTesting.deadline());

        DispatchException refused = assertThrows(
                DispatchException.class,
                () -> mac.executor.dispatch(
                        new Action.Screenshot(directory.resolve("elsewhere.png").toString()),
                        mac.executor.resolve(
                                InputRouteTest.point(observation, 10, 10),
                                new CancellationToken(),
                                MacTesting.deadline()),
                        new VerificationPolicy.None(),
                        new CancellationToken(),
                        MacTesting.deadline()));

        assertEquals(FailureCode.PERMISSION_DENIED, refused.code());
        assertEquals(EffectKnowledge.NO_EFFECT, refused.effect());
        assertFalse(Files.exists(directory.resolve("elsewhere.png")));
    }
}
