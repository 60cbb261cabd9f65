package org.praefectus.linux.executor;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.praefectus.api.cli.CliCommand;
import org.praefectus.api.cli.CliCommandException;
import org.praefectus.api.desktop.DesktopException;
import org.praefectus.api.desktop.ElementScope;
import org.praefectus.api.desktop.InputRequest;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.protocol.Direction;
import org.praefectus.api.protocol.SemanticElement;
import org.praefectus.api.protocol.SemanticObservation;
import org.praefectus.api.selector.Selector;
import org.praefectus.linux.cli.HostedCommands;
import org.praefectus.linux.desktop.PlainInputVerb;
import org.praefectus.nativecore.desktop.SigningHost;

/**
 * Issue 35: {@code scroll} as a typed input verb, end to end on a real desktop. Its wheel steps go over a real GTK
 * scale (zenity) aimed by a selector, at a point, or where the pointer is; each is signed by a (test) resident host, run
 * by the real engine and XTest, and read back independently (pyatspi reads the slider's value). A dry run shows the
 * signed {@code scroll} action and dispatches nothing; a closed input gate refuses it with nothing moved.
 */
class ScrollVerbDesktopTest {

    @TempDir
    Path directory;

    /** The slider's value as pyatspi (libatspi, not the project's reader) reads it. */
    private static double slider(GtkApp zenity) throws Exception {
        return Double.parseDouble(Pyatspi.each(zenity.pid(), "slider", "node.queryValue().currentValue"));
    }

    private static String terminalKind(Map<String, Object> data) {
        return InputVerbDesktopTest.terminalKind(data);
    }

    /** A scroll aimed at an absolute point (or, with {@code null}, nowhere: where the pointer is). */
    private static InputRequest scrollAt(long[] point, Direction direction, int steps) {
        return InputRequest.scroll(direction, steps, point, null, ElementScope.ALL, false);
    }

    private static void awaitSlider(GtkApp zenity, java.util.function.DoublePredicate wanted) {
        await("pyatspi reads the slider's new value")
                .atMost(Duration.ofSeconds(10))
                .pollInterval(Duration.ofMillis(100))
                .until(() -> wanted.test(slider(zenity)));
    }

    @Test
    void aScrollBySelectorMovesARealSliderAndItsDryRunSignsNothing() throws Exception {
        try (GtkApp zenity = GtkApp.zenityScale("Verb Scroll");
                LinuxExecutor executor = Desktop.executor(directory, true);
                SigningHost host = new SigningHost(executor, directory, true)) {
            Desktop.observeUntil(executor, zenity.pid(), Desktop.role("slider"));
            Desktop.bringToFront(zenity.pid());
            PlainInputVerb verb = new PlainInputVerb(executor, () -> host);
            ElementScope scope = new ElementScope(null, "Verb Scroll", null);

            Map<String, Object> dry = verb.run(
                    InputRequest.scroll(Direction.DOWN, 3, null, Selector.parse("role=slider"), scope, true),
                    new CancellationToken());
            assertEquals("scroll", dry.get("action"));
            assertEquals(false, dry.get("signed"));
            Map<?, ?> action = (Map<?, ?>) ((Map<?, ?>) dry.get("request")).get("action");
            assertEquals("scroll", action.get("kind"), "the exact signed action: " + action);
            assertEquals("down", action.get("direction"), "the exact signed action: " + action);
            assertEquals(3L, ((Number) action.get("amount")).longValue(), "the exact signed action: " + action);
            assertEquals(3, action.size(), "the exact signed action: " + action);
            assertEquals(0, host.operations(), "a dry run signs nothing");
            assertEquals(50.0, slider(zenity), "a dry run dispatches nothing");

            Map<String, Object> down = verb.run(
                    InputRequest.scroll(Direction.DOWN, 3, null, Selector.parse("role=slider"), scope, false),
                    new CancellationToken());
            assertEquals("succeeded", terminalKind(down), down.toString());
            assertEquals("scroll", down.get("action"));
            assertEquals(1, host.operations());
            awaitSlider(zenity, value -> value < 50);
            double lowered = slider(zenity);

            Map<String, Object> up = verb.run(
                    InputRequest.scroll(Direction.UP, 3, null, Selector.parse("role=slider"), scope, false),
                    new CancellationToken());
            assertEquals("succeeded", terminalKind(up), up.toString());
            awaitSlider(zenity, value -> value > lowered);
        }
    }

    @Test
    void aScrollAtAPointAndOneWithoutAnAimWheelWhereThePointerIs() throws Exception {
        try (GtkApp zenity = GtkApp.zenityScale("Verb Scroll Point");
                LinuxExecutor executor = Desktop.executor(directory, true);
                SigningHost host = new SigningHost(executor, directory, true)) {
            SemanticObservation observation = Desktop.observeUntil(executor, zenity.pid(), Desktop.role("slider"));
            Desktop.bringToFront(zenity.pid());
            SemanticElement element = Desktop.find(observation, Desktop.role("slider"));
            long[] centre = {
                element.bounds().x() + element.bounds().width() / 2,
                element.bounds().y() + element.bounds().height() / 2
            };
            PlainInputVerb verb = new PlainInputVerb(executor, () -> host);

            Map<String, Object> atPoint = verb.run(scrollAt(centre, Direction.DOWN, 2), new CancellationToken());
            assertEquals("succeeded", terminalKind(atPoint), atPoint.toString());
            awaitSlider(zenity, value -> value < 50);
            double lowered = slider(zenity);
            long[] pointer = verb.pointer();
            assertEquals(centre[0], pointer[0], "XTest wheeled at the point");
            assertEquals(centre[1], pointer[1], "XTest wheeled at the point");

            // no aim: the wheel goes where the pointer is now, still over the slider
            Map<String, Object> here = verb.run(scrollAt(null, Direction.DOWN, 2), new CancellationToken());
            assertEquals("succeeded", terminalKind(here), here.toString());
            assertEquals("slider", ((Map<?, ?>) here.get("element")).get("role"), "the element under the pointer");
            awaitSlider(zenity, value -> value < lowered);
        }
    }

    @Test
    void aScrollThroughAClosedInputGateIsRefusedAndNothingMoves() throws Exception {
        try (GtkApp zenity = GtkApp.zenityScale("Verb Scroll Refused");
                LinuxExecutor executor = Desktop.executor(directory, true);
                SigningHost refusing = SigningHost.refusingInput(executor, directory)) {
            Desktop.observeUntil(executor, zenity.pid(), Desktop.role("slider"));
            Desktop.bringToFront(zenity.pid());
            PlainInputVerb verb = new PlainInputVerb(executor, () -> refusing);
            DesktopException refused = assertThrows(
                    DesktopException.class,
                    () -> verb.run(
                            InputRequest.scroll(
                                    Direction.DOWN,
                                    5,
                                    null,
                                    Selector.parse("role=slider"),
                                    new ElementScope(null, "Verb Scroll Refused", null),
                                    false),
                            new CancellationToken()));
            assertEquals("input_not_allowed", refused.code());

            // the CLI's scroll command says so with its code and a failing exit
            CliCommand command = HostedCommands.scroll(verb.service(), refusing);
            CliCommandException cli = assertThrows(
                    CliCommandException.class,
                    () -> command.run(List.of(
                            "--selector",
                            "role=slider",
                            "--window-title",
                            "Verb Scroll Refused",
                            "--direction",
                            "down",
                            "--amount",
                            "5")));
            assertEquals("input_not_allowed", cli.code());
            assertNotEquals(0, cli.exitCode());
            assertEquals(0, refusing.operations());
            assertEquals(50.0, slider(zenity), "nothing scrolled");
            assertTrue(zenity.alive());
        }
    }
}
