package org.praefectus.tests.jar;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Regression (issue 42, defect 8): there was no per-command help ({@code help doctor} and {@code doctor --help}
 * were usage errors; {@code ocr}, {@code compare}, {@code state}, {@code vision-elements} listed no flags), {@code
 * capture --output /nonexistent/dir/x.png} blamed the file instead of the missing folder, and on Linux {@code
 * textedit-demo --approved-demo} answered "unknown option" instead of saying it runs on macOS only.
 */
class CommandHelpTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path workingDirectory;

    private JsonNode run(int exitCode, String... arguments) throws Exception {
        JarProcess.Result result = JarProcess.run(
                workingDirectory, environment -> {}, List.of(), JarProcess.jar("praefectus.jar"), arguments);
        assertEquals(exitCode, result.exitCode(), result.stdout() + result.stderr());
        assertEquals(1, result.stdout().lines().count(), result.stdout());
        return JSON.readTree(result.stdout());
    }

    @Test
    void everyCommandHasItsHelpBothWays() throws Exception {
        List<String> commands = new ArrayList<>();
        run(0, "help")
                .at("/data/commands")
                .forEach(entry -> commands.add(entry.get("name").asText()));
        assertTrue(commands.containsAll(List.of("doctor", "ocr", "compare", "state", "vision-elements", "capture")));
        for (String command : commands) {
            JsonNode help = run(0, "help", command).get("data");
            assertEquals(command, help.get("command").asText());
            assertFalse(help.get("summary").asText().isBlank(), command);
        }
        for (String command : List.of("ocr", "compare", "state", "vision-elements", "doctor", "capture")) {
            JsonNode help = run(0, "help", command).get("data");
            assertTrue(help.get("options").size() > 0, command + " lists its flags");
            assertEquals(help, run(0, command, "--help").get("data"), command + " --help is help " + command);
        }
        assertTrue(run(0, "help", "doctor").at("/data/options").toString().contains("--strict"));
    }

    @Test
    void captureIntoAMissingFolderNamesTheFolder() throws Exception {
        JarProcess.requireDesktop();
        JsonNode error = run(3, "capture", "--output", "/nonexistent/dir/x.png").get("error");
        assertEquals("capture_error", error.get("code").asText());
        assertEquals(
                "the output file's folder does not exist (create it first)",
                error.get("message").asText());
    }

    @Test
    void theTextEditDemoSaysItRunsOnMacOsOnly() throws Exception {
        JsonNode error = run(3, "textedit-demo", "--approved-demo").get("error");
        assertEquals("demo_error", error.get("code").asText());
        assertTrue(error.get("message").asText().contains("macOS only"), error.toString());
    }
}
