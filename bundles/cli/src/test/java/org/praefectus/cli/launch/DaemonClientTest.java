package org.praefectus.cli.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DaemonClientTest {

    @TempDir
    Path cwd;

    @Test
    void theExitCodeFollowsTheCliRuleFromTheEnvelope() {
        assertEquals(0, DaemonClient.exitCode("{\"ok\":true,\"data\":{}}"));
        assertEquals(2, DaemonClient.exitCode("{\"ok\":false,\"error\":{\"code\":\"usage\",\"message\":\"x\"}}"));
        assertEquals(3, DaemonClient.exitCode("{\"ok\":false,\"error\":{\"code\":\"usage_x\",\"message\":\"x\"}}"));
        assertEquals(
                3, DaemonClient.exitCode("{\"ok\":false,\"error\":{\"code\":\"protocol_error\",\"message\":\"x\"}}"));
    }

    @Test
    void relativePathsBecomeAbsoluteBecauseTheDaemonHasAnotherWorkingDirectory() throws Exception {
        Files.writeString(cwd.resolve("a.png"), "x");
        List<String> resolved = DaemonClient.absolute(
                List.of(
                        "compare",
                        "a.png",
                        "missing.png",
                        "--output",
                        "out/shot.png",
                        "--report=r.json",
                        "--region",
                        "0,0,1,1",
                        "/abs/b.png"),
                cwd);

        assertEquals(
                List.of(
                        "compare",
                        cwd.resolve("a.png").toString(),
                        "missing.png",
                        "--output",
                        cwd.resolve("out/shot.png").toString(),
                        "--report=" + cwd.resolve("r.json"),
                        "--region",
                        "0,0,1,1",
                        "/abs/b.png"),
                resolved);
    }

    @Test
    void theCommandWordIsNeverRewrittenEvenWhenAFileHasItsName() throws Exception {
        Files.writeString(cwd.resolve("observe"), "x");
        assertEquals(List.of("observe"), DaemonClient.absolute(List.of("observe"), cwd));
    }

    @Test
    void quotingEscapesWhatJsonRequires() {
        assertEquals("\"a\\\"b\\\\c\\n\\u0001\"", JsonText.quote("a\"b\\c\n\u0001"));
    }
}
