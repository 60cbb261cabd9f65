package org.praefectus.daemon.grpc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.praefectus.api.desktop.ClipboardRestore;
import org.praefectus.api.desktop.ElementScope;
import org.praefectus.api.desktop.InputLimits;
import org.praefectus.api.desktop.InputRequest;
import org.praefectus.api.protocol.MouseButton;
import org.praefectus.daemon.grpc.v1.ClickRequest;
import org.praefectus.daemon.grpc.v1.DragRequest;
import org.praefectus.daemon.grpc.v1.HotkeyRequest;
import org.praefectus.daemon.grpc.v1.MoveMouseRequest;
import org.praefectus.daemon.grpc.v1.PasteTextRequest;
import org.praefectus.daemon.grpc.v1.Point;
import org.praefectus.daemon.grpc.v1.Rect;
import org.praefectus.daemon.grpc.v1.TypeTextRequest;

/** Every field of PeekabooX's current input messages lands in the typed request, or the request is refused by name. */
class InputRequestsTest {

    private static Point point(int x, int y) {
        return Point.newBuilder().setX(x).setY(y).build();
    }

    private static void refused(String named, Executable read) {
        StatusRuntimeException refusal = assertThrows(StatusRuntimeException.class, read);
        assertEquals(Status.Code.INVALID_ARGUMENT, refusal.getStatus().getCode());
        assertTrue(
                refusal.getStatus().getDescription().contains(named),
                refusal.getStatus().getDescription());
    }

    @Test
    void aTypingSpeedIsTurnedIntoAKeyDelayOrRefusedNamingTheField() {
        InputRequest paced = InputRequests.type(TypeTextRequest.newBuilder()
                .setText("abc")
                .setTypingSpeedCharsPerSecond(InputLimits.MAX_TYPING_SPEED)
                .build());
        assertEquals(1L, paced.pace().keyDelayMs(), "the fastest speed, a key a millisecond");
        assertEquals(
                1_000L,
                InputRequests.type(TypeTextRequest.newBuilder()
                                .setText("abc")
                                .setTypingSpeedCharsPerSecond(1)
                                .build())
                        .pace()
                        .keyDelayMs());
        // uint32 on the wire: the largest value arrives as -1
        for (int speed : new int[] {0, InputLimits.MAX_TYPING_SPEED + 1, -1}) {
            refused(
                    "TypeTextRequest.typing_speed_chars_per_second",
                    () -> InputRequests.type(TypeTextRequest.newBuilder()
                            .setText("abc")
                            .setTypingSpeedCharsPerSecond(speed)
                            .build()));
        }
    }

    @Test
    void aMoveCarriesItsAimPaceRestoreAndDryRun() {
        InputRequest relative = InputRequests.move(MoveMouseRequest.newBuilder()
                .setRelative(point(5, -7))
                .setDryRun(true)
                .setRestore(true)
                .setDurationMs(200)
                .setSteps(4)
                .setBoundsPolicy("clamp")
                .setBackend("auto")
                .build());
        assertEquals("move", relative.verb());
        assertArrayEquals(new long[] {5, -7}, relative.relative());
        assertNull(relative.point());
        assertTrue(relative.dryRun() && relative.restore() && relative.clamp());
        assertEquals(200L, relative.pace().durationMs());
        assertEquals(4L, relative.pace().steps());

        InputRequest inWindow = InputRequests.move(MoveMouseRequest.newBuilder()
                .setRatioX(0.25f)
                .setRatioY(0.75f)
                .setWindowTitle("Notes")
                .build());
        assertArrayEquals(new double[] {0.25, 0.75}, inWindow.ratio());
        assertEquals(new ElementScope(null, "Notes", null), inWindow.scope());
    }

    @Test
    void aMoveAimsExactlyOnceAndTakesOnlyWhatItCanHonour() {
        refused(
                "exactly one",
                () -> InputRequests.move(MoveMouseRequest.newBuilder()
                        .setCoordinates(point(1, 2))
                        .setRelative(point(3, 4))
                        .build()));
        refused("exactly one", () -> InputRequests.move(MoveMouseRequest.getDefaultInstance()));
        refused(
                "ratio_y",
                () -> InputRequests.move(
                        MoveMouseRequest.newBuilder().setRatioX(0.5f).build()));
        refused(
                "region",
                () -> InputRequests.move(MoveMouseRequest.newBuilder()
                        .setCoordinates(point(1, 2))
                        .setRegion(Rect.newBuilder().setWidth(10).setHeight(10))
                        .build()));
        refused(
                "title_regex",
                () -> InputRequests.move(MoveMouseRequest.newBuilder()
                        .setRatioX(0.5f)
                        .setRatioY(0.5f)
                        .setTitleRegex(".*")
                        .build()));
        refused(
                "xdotool",
                () -> InputRequests.move(MoveMouseRequest.newBuilder()
                        .setCoordinates(point(1, 2))
                        .setBackend("xdotool")
                        .build()));
        refused(
                "wrap",
                () -> InputRequests.move(MoveMouseRequest.newBuilder()
                        .setCoordinates(point(1, 2))
                        .setBoundsPolicy("wrap")
                        .build()));
        refused(
                "steps",
                () -> InputRequests.move(MoveMouseRequest.newBuilder()
                        .setCoordinates(point(1, 2))
                        .setSteps(0)
                        .build()));
    }

    @Test
    void aClickTakesItsButtonAndASelectorInItsWindow() {
        InputRequest right = InputRequests.click(ClickRequest.newBuilder()
                .setCoordinates(point(10, 20))
                .setButton(org.praefectus.daemon.grpc.v1.MouseButton.MOUSE_BUTTON_RIGHT)
                .build());
        assertEquals(MouseButton.RIGHT, right.button());
        InputRequest selected = InputRequests.click(ClickRequest.newBuilder()
                .setSemanticSelector("role=push button")
                .setApp("gedit")
                .setButton(org.praefectus.daemon.grpc.v1.MouseButton.MOUSE_BUTTON_MIDDLE)
                .build());
        assertEquals(MouseButton.MIDDLE, selected.button());
        assertEquals(new ElementScope("gedit", null, null), selected.scope());
        refused(
                "button",
                () -> InputRequests.click(ClickRequest.newBuilder()
                        .setCoordinates(point(10, 20))
                        .setButtonValue(7)
                        .build()));
        refused(
                "window_selector",
                () -> InputRequests.click(ClickRequest.newBuilder()
                        .setCoordinates(point(10, 20))
                        .setWindowSelector("title=x")
                        .build()));
    }

    @Test
    void aDragStartsAndEndsOnceEach() {
        InputRequest fromHere = InputRequests.drag(DragRequest.newBuilder()
                .setFromCurrent(true)
                .setToRatioX(1)
                .setToRatioY(0.5f)
                .setRegion(Rect.newBuilder().setX(10).setY(10).setWidth(100).setHeight(50))
                .build());
        assertTrue(fromHere.fromCurrent());
        assertArrayEquals(new double[] {1, 0.5}, fromHere.toRatio());
        refused(
                "exactly one",
                () -> InputRequests.drag(DragRequest.newBuilder()
                        .setFrom(point(1, 1))
                        .setFromCurrent(true)
                        .setTo(point(2, 2))
                        .build()));
        refused(
                "exactly one",
                () -> InputRequests.drag(
                        DragRequest.newBuilder().setFrom(point(1, 1)).build()));
    }

    @Test
    void keyboardVerbsCarryTheirTimingAndTheClipboardPolicy() {
        InputRequest typed = InputRequests.type(TypeTextRequest.newBuilder()
                .setText("abc")
                .setTypingSpeedCharsPerSecond(10)
                .setKeyDelayMs(7)
                .setDelayMs(30)
                .build());
        assertEquals(7L, typed.pace().keyDelayMs(), "the explicit key delay wins");
        assertEquals(30, typed.delayMs());
        InputRequest chord = InputRequests.hotkey(HotkeyRequest.newBuilder()
                .addKeys("ctrl+s")
                .setRepeat(3)
                .setIntervalMs(40)
                .setReleaseAfter(true)
                .build());
        assertEquals(java.util.List.of("ctrl", "s"), chord.keys());
        assertEquals(3, chord.repeat());
        assertTrue(chord.pace().releaseAfter());
        InputRequest kept = InputRequests.paste(PasteTextRequest.newBuilder()
                .setText("x")
                .setPreserveClipboard(true)
                .setRestorePolicy("strict")
                .build());
        assertEquals(ClipboardRestore.STRICT, kept.clipboard());
        refused(
                "restore_policy",
                () -> InputRequests.paste(PasteTextRequest.newBuilder()
                        .setText("x")
                        .setRestorePolicy("off")
                        .build()));
        refused(
                "hotkey_backend",
                () -> InputRequests.paste(PasteTextRequest.newBuilder()
                        .setText("x")
                        .setHotkeyBackend("ydotool")
                        .build()));
        refused(
                "repeat",
                () -> InputRequests.hotkey(
                        HotkeyRequest.newBuilder().addKeys("a").setRepeat(0).build()));
    }
}
