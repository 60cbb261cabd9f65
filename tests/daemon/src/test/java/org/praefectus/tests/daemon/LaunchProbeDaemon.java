package org.praefectus.tests.daemon;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * An operator daemon with input allowed over two desktop profiles: the MCP client's {@code zenity-entry}, and
 * {@code launch-probe}, whose launch opens a zenity window titled {@link #launchTitle} that no other test opens (so
 * whether it was launched is read back by its title alone).
 *
 * @param daemon      the running daemon
 * @param profiles    the profiles folder ({@code PEEKABOOX_DESKTOP_PROFILE_PATH})
 * @param launchTitle the title of the window launch-probe's launch opens
 */
record LaunchProbeDaemon(Daemon daemon, Path profiles, String launchTitle) {

    /** Writes the profiles under {@code directory} and starts the daemon there, with {@code options} added. */
    static LaunchProbeDaemon start(Path directory, String titleStem, String... options)
            throws IOException, InterruptedException {
        Path profiles = Files.createDirectories(directory.resolve("profiles"));
        Path fixtures =
                Path.of("../mcp-client/fixtures/profiles").toAbsolutePath().normalize();
        Files.copy(fixtures.resolve("zenity-entry.json"), profiles.resolve("zenity-entry.json"));
        String launchTitle = TestWindow.uniqueTitle(titleStem);
        Files.writeString(
                profiles.resolve("launch-probe.json"), """
                {
                  "schema_version": "desktop-profile.v1",
                  "app": "launch-probe",
                  "launch": {"command": "zenity", "args": ["--info", "--title", "%s", "--text", "launched"]},
                  "window": {"app": "%s"},
                  "targets": {"text": {"selector": "role=label", "supports": ["locate"]}}
                }
                """.formatted(launchTitle, launchTitle), StandardCharsets.UTF_8);
        List<String> arguments = new ArrayList<>(List.of(options));
        arguments.addAll(List.of("--profile", "operator", "--allow-input"));
        Daemon daemon = Daemon.start(
                directory.resolve("daemon"),
                environment -> {
                    environment.put("PEEKABOOX_DESKTOP_PROFILE_PATH", profiles.toString());
                    environment.put("PRAEFECTUS_ALLOW_GLOBAL_INPUT", "1");
                },
                arguments.toArray(String[]::new));
        return new LaunchProbeDaemon(daemon, profiles, launchTitle);
    }
}
