package org.praefectus.demos.macos;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.praefectus.api.cli.CliCommandException;
import org.praefectus.api.protocol.SurfaceRef;

/** The arguments of {@code textedit-demo}: nothing runs without {@code --approved-demo}. */
class TextEditDemoCommandTest {

    private static final String SURFACE = "0123456789abcdef".repeat(4);

    /** Regression (issue 42, defect 8): on Linux the command was missing, and the CLI said "unknown option". */
    @Test
    void withoutTheMacOsExecutorTheCommandSaysItRunsOnMacOsOnly() {
        CliCommandException refused = assertThrows(
                CliCommandException.class, () -> new TextEditDemoCommand(null, null).run(List.of("--approved-demo")));
        assertEquals("demo_error", refused.code());
        assertEquals(TextEditDemoCommand.MACOS_ONLY, refused.getMessage());
    }

    @Test
    void theApprovalFlagAloneActsOnTheForegroundWindow() throws Exception {
        assertEquals(Optional.empty(), TextEditDemoCommand.surface(List.of("--approved-demo")));
    }

    @Test
    void aSecondArgumentNamesTheSurface() throws Exception {
        assertEquals(
                Optional.of(new SurfaceRef(SURFACE)), TextEditDemoCommand.surface(List.of("--approved-demo", SURFACE)));
    }

    @Test
    void withoutTheApprovalFlagItIsAUsageError() {
        for (List<String> arguments :
                List.<List<String>>of(List.of(), List.of(SURFACE), List.of("--approved", SURFACE))) {
            CliCommandException refused =
                    assertThrows(CliCommandException.class, () -> TextEditDemoCommand.surface(arguments));
            assertEquals("usage", refused.code(), arguments.toString());
        }
    }

    @Test
    void aSurfaceIdThatIsNotAHashOrExtraArgumentsAreUsageErrors() {
        for (List<String> arguments : List.of(
                List.of("--approved-demo", SURFACE.toUpperCase(java.util.Locale.ROOT)),
                List.of("--approved-demo", "e1"),
                List.of("--approved-demo", SURFACE, "extra"))) {
            CliCommandException refused =
                    assertThrows(CliCommandException.class, () -> TextEditDemoCommand.surface(arguments));
            assertEquals("usage", refused.code(), arguments.toString());
        }
    }

    @Test
    void theSurfaceMayComeBeforeTheApprovalFlag() throws Exception {
        assertEquals(
                Optional.of(new SurfaceRef(SURFACE)),
                TextEditDemoCommand.surface(List.of(SURFACE, "--json", "--approved-demo")));
    }

    @Test
    void unknownRepeatedOrValuedOptionsAreUsageErrorsThatNameTheOption() {
        for (Map.Entry<List<String>, String> c : Map.of(
                        List.of("--approved-demo", "--force"), "textedit-demo: unknown option --force",
                        List.of("--approved-demo", "--approved-demo"),
                                "textedit-demo: --approved-demo may only be given once",
                        List.of("--approved-demo=yes"), "textedit-demo: --approved-demo takes no value")
                .entrySet()) {
            CliCommandException refused =
                    assertThrows(CliCommandException.class, () -> TextEditDemoCommand.surface(c.getKey()));
            assertEquals(c.getValue(), refused.getMessage());
            assertEquals("usage", refused.code());
        }
    }
}
