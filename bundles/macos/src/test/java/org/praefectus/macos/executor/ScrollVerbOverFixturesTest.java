package org.praefectus.macos.executor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.praefectus.api.desktop.DesktopService;
import org.praefectus.api.desktop.ElementScope;
import org.praefectus.api.desktop.InputOutcome;
import org.praefectus.api.desktop.InputRequest;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.protocol.Action;
import org.praefectus.api.protocol.Direction;
import org.praefectus.api.protocol.TargetRef;
import org.praefectus.api.selector.Selector;
import org.praefectus.nativecore.desktop.NativeDesktop;
import org.praefectus.nativecore.desktop.SigningHost;

/**
 * Issue 35: the typed {@code scroll} verb of the native core's desktop service over the hand-written AX fixtures. A
 * selector's scroll is the signed {@code scroll} action at the fenced element (these executors scroll an element: its
 * page action, or the wheel posted to its process), executed by the real engine; its dry run signs nothing (a scroll at
 * a point, which has no element to go to, is refused in {@code DesktopServiceContract}). Nothing here ran on a Mac.
 */
class ScrollVerbOverFixturesTest {

    private static final CancellationToken GO = new CancellationToken();

    @TempDir
    Path directory;

    private static DesktopService service(MacTesting mac) {
        return new NativeDesktop(mac.executor.desktop());
    }

    private static InputRequest filesScroll(boolean dryRun) throws Exception {
        return InputRequest.scroll(
                Direction.DOWN,
                2,
                null,
                Selector.parse("role-exact=AXScrollArea,label-exact=files"),
                new ElementScope("finder", null, null),
                dryRun);
    }

    @Test
    void aSelectorsScrollIsTheSignedScrollOfTheElementAndItsPageAction() throws Exception {
        MacTesting mac = new MacTesting(Fixtures.desktop("finder"), directory);
        try (SigningHost host = new SigningHost(mac.executor, directory, false)) {
            InputOutcome outcome = service(mac).input(filesScroll(false), host, GO);

            assertTrue(outcome.succeeded(), outcome.status());
            assertEquals(
                    new Action.Scroll(Direction.DOWN, 2), outcome.proposal().action());
            assertInstanceOf(TargetRef.Element.class, outcome.proposal().target());
            assertEquals("AXScrollArea", outcome.element().role());
            assertEquals(2, mac.desktop.effects("perform").size());
            assertTrue(mac.desktop.effects("perform").get(0).detail().toString().startsWith("AXScrollDownByPage"));
            assertEquals(List.of(), mac.desktop.effects("post_global"));
            assertEquals(1, host.operations());
        }
    }

    @Test
    void aScrollsDryRunShowsTheScrollAndSignsNothing() throws Exception {
        MacTesting mac = new MacTesting(Fixtures.desktop("finder"), directory);
        try (SigningHost host = new SigningHost(mac.executor, directory, false)) {
            InputOutcome drafted = service(mac).input(filesScroll(true), host, GO);

            assertNotNull(drafted.draft());
            assertEquals(new Action.Scroll(Direction.DOWN, 2), drafted.draft().action());
            assertNull(drafted.terminal());
            assertEquals(0, host.operations());
            assertEquals(List.of(), mac.desktop.effects);
        }
    }
}
