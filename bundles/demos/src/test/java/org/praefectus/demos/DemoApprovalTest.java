package org.praefectus.demos;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.praefectus.api.cli.CliCommandException;
import org.praefectus.api.cli.CommandLine;

/** Every demo starts only with --approved-demo, once, and nothing else it does not take. */
class DemoApprovalTest {

    private static String refusal(List<String> arguments) {
        CliCommandException refused = assertThrows(
                CliCommandException.class, () -> DemoApproval.require("cdp-demo", arguments, "approve it"));
        assertEquals("usage", refused.code());
        assertEquals(CommandLine.EXIT_USAGE, refused.exitCode());
        return refused.getMessage();
    }

    @Test
    void theApprovalAloneStartsTheDemo() {
        assertDoesNotThrow(() -> DemoApproval.require("cdp-demo", List.of("--approved-demo"), "approve it"));
    }

    @Test
    void anythingElseIsRefusedByName() {
        assertEquals("approve it", refusal(List.of()));
        assertEquals("cdp-demo: unknown option --approved", refusal(List.of("--approved")));
        assertEquals(
                "cdp-demo: --approved-demo may only be given once",
                refusal(List.of("--approved-demo", "--approved-demo")));
        assertEquals("cdp-demo takes no arguments besides --approved-demo", refusal(List.of("--approved-demo", "now")));
        assertEquals("approve it", refusal(List.of("now")));
    }
}
