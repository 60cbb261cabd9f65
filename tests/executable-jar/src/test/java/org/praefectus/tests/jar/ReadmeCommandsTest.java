package org.praefectus.tests.jar;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Regression (issue 42, defect 3): README's two commands did not set up a fresh machine — the first needed desktop
 * packages README never named, the second needed what only {@code .ci/run} installed. Both commands now start with
 * {@code scripts/install-deps}, the one installer (the test command calls it itself, {@code .ci/run} only runs the test
 * command). Here the installer runs on a simulated bare machine: {@code dpkg-query} answers "not installed" for the
 * packages a test removes, and {@code apt-get} is a recorder on {@code PATH}, so nothing is really installed.
 */
class ReadmeCommandsTest {

    private static final Path ROOT =
            Path.of(System.getProperty("praefectus.root")).normalize();

    @TempDir
    Path bin;

    @Test
    void readmesCommandsAndTheTestCommandStartWithTheInstaller() throws Exception {
        List<String> commands = readmeCommands();
        assertEquals(2, commands.size(), "README's two commands: " + commands);
        assertTrue(commands.get(0).startsWith("scripts/install-deps demo && mvn "), commands.get(0));
        assertTrue(
                commands.get(0).endsWith("java -jar run/target/praefectus.jar demo --approved-demo"), commands.get(0));
        assertEquals("scripts/test", commands.get(1));
        String test = Files.readString(ROOT.resolve("scripts/test"));
        assertTrue(test.contains("scripts/install-deps test"), "scripts/test calls the installer");
        String ci = Files.readString(ROOT.resolve(".ci/run"));
        assertTrue(ci.contains("scripts/test") && !ci.contains("apt-get"), "CI installs nothing of its own");
        String bare = Files.readString(ROOT.resolve(".github/workflows/fresh-debian.yml"));
        assertTrue(bare.contains("sudo scripts/fresh-debian"), "CI runs README's commands on a bare Debian 12 root");
    }

    @Test
    void onABareMachineEachCommandNamesWhatIsMissingAndHowToInstallIt() throws Exception {
        fakeDpkgQuery("zenity", "xvfb");
        Result demo = installer("--check", "demo");
        assertEquals(1, demo.exit(), demo.stderr());
        assertEquals(
                "missing Debian packages for the demo: xvfb zenity (install: sudo apt-get install -y"
                        + " --no-install-recommends xvfb zenity)",
                demo.stderr().strip());

        fakeDpkgQuery("mousepad");
        Result test = installer("--check", "test");
        assertEquals(1, test.exit(), test.stderr());
        assertTrue(test.stderr().contains("missing Debian packages for the test: mousepad "), test.stderr());
    }

    @Test
    void theInstallerInstallsExactlyTheMissingPackagesAndNothingWhenNoneIs() throws Exception {
        Path log = bin.resolve("apt-get.log");
        script("apt-get", "echo \"$*\" >> " + log);
        fakeDpkgQuery("openbox", "at-spi2-core");
        Result missing = installer("demo");
        assertEquals(0, missing.exit(), missing.stderr());
        assertEquals(
                List.of("update -qq", "install -y -qq --no-install-recommends at-spi2-core openbox"),
                Files.readAllLines(log));

        Files.delete(log);
        fakeDpkgQuery();
        Result none = installer("demo");
        assertEquals(0, none.exit(), none.stderr());
        assertEquals("", none.stdout() + none.stderr());
        assertTrue(Files.notExists(log), "apt-get is not called when nothing is missing");
    }

    @Test
    void aWrongPurposeIsAUsageError() throws Exception {
        fakeDpkgQuery();
        Result wrong = installer("everything");
        assertEquals(2, wrong.exit());
        assertTrue(wrong.stderr().startsWith("usage: scripts/install-deps"), wrong.stderr());
    }

    /**
     * README's two commands as {@code scripts/fresh-debian} reads them (the script that runs them verbatim on a bare
     * Debian 12 root): the fenced block under "## Two commands", without comments and blank lines.
     */
    private List<String> readmeCommands() throws Exception {
        Result printed = run(List.of(ROOT.resolve("scripts/fresh-debian").toString(), "--commands"), Map.of());
        assertEquals(0, printed.exit(), printed.stderr());
        return printed.stdout().lines().toList();
    }

    /** A dpkg-query that reports every package installed except {@code absent}. */
    private void fakeDpkgQuery(String... absent) throws IOException {
        StringBuilder body = new StringBuilder("for missing in");
        for (String name : absent) {
            body.append(' ').append(name);
        }
        body.append("; do [ \"${@: -1}\" = \"$missing\" ] && exit 1; done\nprintf 'install ok installed'\n");
        script("dpkg-query", body.toString());
    }

    private void script(String name, String body) throws IOException {
        Path file = bin.resolve(name);
        Files.writeString(file, "#!/usr/bin/env bash\n" + body + "\n");
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwx------"));
    }

    private record Result(int exit, String stdout, String stderr) {}

    private Result installer(String... arguments) throws Exception {
        List<String> command =
                new ArrayList<>(List.of(ROOT.resolve("scripts/install-deps").toString()));
        command.addAll(List.of(arguments));
        return run(
                command,
                Map.of(
                        "PRAEFECTUS_DPKG_QUERY",
                        bin.resolve("dpkg-query").toString(),
                        "PATH",
                        bin + ":" + System.getenv("PATH")));
    }

    private Result run(List<String> command, Map<String, String> environment) throws Exception {
        ProcessBuilder builder = new ProcessBuilder(command).directory(bin.toFile());
        builder.environment().putAll(environment);
        Process process = builder.start();
        process.getOutputStream().close();
        if (!process.waitFor(60, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError(command.get(0) + " did not finish");
        }
        return new Result(
                process.exitValue(),
                new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8),
                new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8));
    }
}
