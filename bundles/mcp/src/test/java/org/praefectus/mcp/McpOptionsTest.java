package org.praefectus.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.praefectus.api.cli.CliCommandException;
import org.praefectus.api.cli.CommandLine;
import org.praefectus.api.host.CapabilityProfile;

class McpOptionsTest {

    @Test
    void withoutOptionsItServesStdioWithTheConfiguredProfile() throws Exception {
        McpOptions options = McpOptions.parse(List.of());
        assertFalse(options.http());
        assertEquals(8765, options.port());
        assertEquals("127.0.0.1", options.host());
        assertEquals(Optional.empty(), options.profile());
    }

    @Test
    void httpPortHostAndProfileInBothSpellings() throws Exception {
        McpOptions options =
                McpOptions.parse(List.of("--http", "--port", "9000", "--host=::1", "--profile", "observe"));
        assertTrue(options.http());
        assertEquals(9000, options.port());
        assertEquals("::1", options.host());
        assertEquals(Optional.of(CapabilityProfile.OBSERVE), options.profile());
        assertEquals(65_535, McpOptions.parse(List.of("--port=65535")).port());
    }

    @Test
    void browserModeStartsOnTheHostsHttpUrlOrABlankPage() throws Exception {
        assertEquals(Optional.empty(), McpOptions.parse(List.of()).browserUrl());
        assertEquals(
                Optional.of("about:blank"),
                McpOptions.parse(List.of("--browser")).browserUrl());
        McpOptions login = McpOptions.parse(
                List.of("--browser", "--browser-url", "http://127.0.0.1:8080/login.html", "--profile", "operator"));
        assertEquals(Optional.of("http://127.0.0.1:8080/login.html"), login.browserUrl());
        assertEquals(Optional.of(CapabilityProfile.OPERATOR), login.profile());
        assertFalse(login.http());
    }

    @Test
    void aBrowserUrlThatIsNotAbsoluteHttpOrHttpsIsAUsageErrorBeforeAnythingStarts() {
        String rule = "mcp: --browser-url: the URL must be an absolute http or https URL without user info";
        for (Map.Entry<List<String>, String> c : Map.of(
                        List.of("--browser", "--browser-url", "file:///etc/passwd"), rule,
                        List.of("--browser", "--browser-url", "about:blank"), rule,
                        List.of("--browser", "--browser-url", "/login.html"), rule,
                        List.of("--browser", "--browser-url", "https://user:pw@example.org/"), rule,
                        List.of("--browser-url", "https://example.org/"), "mcp: --browser-url needs --browser",
                        List.of("--browser", "--http"),
                                "mcp: --browser serves one session over stdio: it cannot be combined with --http")
                .entrySet()) {
            CliCommandException refused = assertThrows(
                    CliCommandException.class,
                    () -> McpOptions.parse(c.getKey()),
                    c.getKey().toString());
            assertEquals(c.getValue(), refused.getMessage());
            assertEquals(CommandLine.EXIT_USAGE, refused.exitCode());
        }
    }

    /**
     * #39 defect 4: the host's upload folder is configuration on the server's command line, checked before anything
     * starts; a folder that does not exist, or a file, is a usage error.
     */
    @Test
    void theUploadFolderIsAnExistingFolderOfTheHost(@TempDir Path uploads) throws Exception {
        assertEquals(Optional.empty(), McpOptions.parse(List.of("--browser")).uploadDirectory());
        assertEquals(
                Optional.of(uploads),
                McpOptions.parse(List.of("--browser", "--upload-dir", uploads.toString()))
                        .uploadDirectory());
        Path file = Files.writeString(uploads.resolve("report.txt"), "numbers");
        for (Map.Entry<List<String>, String> c : Map.of(
                        List.of(
                                "--browser",
                                "--upload-dir",
                                uploads.resolve("missing").toString()),
                        "mcp: --upload-dir: the folder does not exist",
                        List.of("--browser", "--upload-dir", file.toString()),
                        "mcp: --upload-dir: not a folder",
                        List.of("--upload-dir", uploads.toString()),
                        "mcp: --upload-dir needs --browser")
                .entrySet()) {
            CliCommandException refused = assertThrows(
                    CliCommandException.class,
                    () -> McpOptions.parse(c.getKey()),
                    c.getKey().toString());
            assertEquals(c.getValue(), refused.getMessage());
            assertEquals(CommandLine.EXIT_USAGE, refused.exitCode());
        }
    }

    /** #39 Build, screenshot: the host's screenshot folder is checked like the upload folder. */
    @Test
    void theScreenshotFolderIsAnExistingFolderOfTheHost(@TempDir Path shots) throws Exception {
        assertEquals(Optional.empty(), McpOptions.parse(List.of("--browser")).screenshotDirectory());
        assertEquals(
                Optional.of(shots),
                McpOptions.parse(List.of("--browser", "--screenshot-dir", shots.toString()))
                        .screenshotDirectory());
        Path file = Files.writeString(shots.resolve("page.png"), "not a folder");
        for (Map.Entry<List<String>, String> c : Map.of(
                        List.of(
                                "--browser",
                                "--screenshot-dir",
                                shots.resolve("missing").toString()),
                        "mcp: --screenshot-dir: the folder does not exist",
                        List.of("--browser", "--screenshot-dir", file.toString()),
                        "mcp: --screenshot-dir: not a folder",
                        List.of("--screenshot-dir", shots.toString()),
                        "mcp: --screenshot-dir needs --browser")
                .entrySet()) {
            CliCommandException refused = assertThrows(
                    CliCommandException.class,
                    () -> McpOptions.parse(c.getKey()),
                    c.getKey().toString());
            assertEquals(c.getValue(), refused.getMessage());
            assertEquals(CommandLine.EXIT_USAGE, refused.exitCode());
        }
    }

    @Test
    void mistakesAreUsageErrorsThatNameTheOption() {
        for (Map.Entry<List<String>, String> c : Map.of(
                        List.of("--frobnicate"), "mcp: unknown option --frobnicate",
                        List.of("--token=secret"), "mcp: unknown option --token",
                        List.of("--port"), "mcp: --port needs a value",
                        List.of("--http", "--profile"), "mcp: --profile needs a value",
                        List.of("--port", "1", "--port", "2"), "mcp: --port may only be given once",
                        List.of("--http", "--http"), "mcp: --http may only be given once",
                        List.of("--http=yes"), "mcp: --http takes no value",
                        List.of("--port", "0"), "mcp: --port takes a whole number from 1 to 65535",
                        List.of("--port", "http"), "mcp: --port takes a whole number from 1 to 65535",
                        List.of("stdio"), "mcp takes no positional arguments")
                .entrySet()) {
            CliCommandException refused = assertThrows(
                    CliCommandException.class,
                    () -> McpOptions.parse(c.getKey()),
                    c.getKey().toString());
            assertEquals(c.getValue(), refused.getMessage());
            assertEquals("usage", refused.code());
            assertEquals(CommandLine.EXIT_USAGE, refused.exitCode());
        }
    }

    @Test
    void anUnknownProfileIsAUsageError() {
        CliCommandException refused =
                assertThrows(CliCommandException.class, () -> McpOptions.parse(List.of("--profile", "root")));
        assertEquals("mcp: unknown capability profile (observe, plan, assist, operator)", refused.getMessage());
        assertEquals("usage", refused.code());
    }
}
