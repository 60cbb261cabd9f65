package org.praefectus.linux.executor;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.executor.ExecutorFailure;
import org.praefectus.api.protocol.Action;
import org.praefectus.api.protocol.CoordinateObservation;
import org.praefectus.api.protocol.MouseButton;
import org.praefectus.api.protocol.Rect;
import org.praefectus.api.protocol.SemanticElement;
import org.praefectus.api.protocol.SemanticObservation;
import org.praefectus.api.protocol.TargetRef;
import org.praefectus.api.protocol.VerificationPolicy;

/**
 * Issue #15 defect 3: the coordinate fence compares the target's neighbourhood, so gtk3-widget-factory's
 * running spinners no longer stale a coordinate click elsewhere; a change at the target still does.
 */
class CoordinateFenceDesktopTest {

    @TempDir
    Path screenshots;

    @Test
    void aCoordinateClickBesideARunningSpinnerReachesItsCheckBox() throws Exception {
        try (GtkApp factory = GtkApp.widgetFactory();
                LinuxExecutor executor = Desktop.executor(screenshots, true)) {
            SemanticObservation observation =
                    Desktop.observeUntil(executor, factory.pid(), Desktop.roleAndName("check box", "checkbutton"));
            Desktop.bringToFront(factory.pid());
            SemanticElement spinner = observation.elements().stream()
                    .filter(Desktop.role("animation"))
                    .findFirst()
                    .orElseThrow();
            SemanticElement box = observation.elements().stream()
                    .filter(Desktop.roleAndName("check box", "checkbutton"))
                    .filter(e -> e.actionability().enabled())
                    .findFirst()
                    .orElseThrow();
            // the spinners run beside the check boxes, outside the fenced neighbourhood
            assertEquals(
                    true,
                    spinner.bounds().x() - (box.bounds().x() + box.bounds().width() / 2) > 2L * 96);
            awaitAnimation(executor);
            Rect bounds = box.bounds();
            long x = bounds.x() + bounds.width() / 2;
            long y = bounds.y() + bounds.height() / 2;
            String before = checked(factory.pid(), bounds);

            CoordinateObservation screen = executor.observeCoordinates(new CancellationToken(), Desktop.deadline());
            TargetRef.Coordinates point = new TargetRef.Coordinates(
                    x,
                    y,
                    screen.displays().get(0).displayId(),
                    screen.displayGeometryHash(),
                    screen.snapshotId(),
                    screen.snapshotContentHash());
            // the spinner keeps turning: the whole screen differs from the observation, the neighbourhood does not
            awaitAnimation(executor);
            executor.dispatch(
                    new Action.Click(MouseButton.LEFT, 1, false),
                    executor.resolve(point, new CancellationToken(), Desktop.deadline()),
                    new VerificationPolicy.None(),
                    new CancellationToken(),
                    Desktop.deadline());

            String expected = before.equals("checked") ? "unchecked" : "checked";
            await("the click made the check box " + expected)
                    .atMost(Duration.ofSeconds(5))
                    .pollInterval(Duration.ofMillis(50))
                    .until(() -> checked(factory.pid(), bounds), expected::equals);
            // the click changed the check box: the same target is now stale
            ExecutorException stale = assertThrows(
                    ExecutorException.class,
                    () -> executor.resolve(point, new CancellationToken(), Desktop.deadline()));
            assertEquals(ExecutorFailure.STALE_TARGET, stale.failure());
        }
    }

    /** Waits (bounded) until two coordinate observations differ: the spinners are animating. */
    private static void awaitAnimation(LinuxExecutor executor) throws Exception {
        String first = executor.observeCoordinates(new CancellationToken(), Desktop.deadline())
                .snapshotContentHash();
        await("the widget factory's spinners are animating")
                .atMost(Duration.ofSeconds(5))
                .pollInterval(Duration.ofMillis(20))
                .until(
                        () -> executor.observeCoordinates(new CancellationToken(), Desktop.deadline())
                                .snapshotContentHash(),
                        hash -> !hash.equals(first));
    }

    /** pyatspi's word on the check box with these bounds: {@code checked} or {@code unchecked}. */
    private static String checked(long pid, Rect bounds) throws Exception {
        String program = """
                         import sys, pyatspi
                         pid, x, y = int(sys.argv[1].split(',')[0]), int(sys.argv[1].split(',')[1]), int(sys.argv[1].split(',')[2])
                         def walk(node):
                             if node is None: return
                             if node.getRoleName() == 'check box':
                                 e = node.queryComponent().getExtents(0)
                                 if (e.x, e.y) == (x, y):
                                     print('checked' if node.getState().contains(pyatspi.STATE_CHECKED) else 'unchecked')
                             for child in node: walk(child)
                         for app in pyatspi.Registry.getDesktop(0):
                             if app is not None and app.get_process_id() == pid: walk(app)
                         """;
        String answer = AtspiStateDesktopTest.python(program, pid + "," + bounds.x() + "," + bounds.y())
                .trim();
        if (!answer.equals("checked") && !answer.equals("unchecked")) {
            fail("pyatspi did not find the check box: " + answer);
        }
        return answer;
    }
}
