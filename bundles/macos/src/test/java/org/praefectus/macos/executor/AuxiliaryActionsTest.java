package org.praefectus.macos.executor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.DispatchException;
import org.praefectus.api.executor.ResolvedTarget;
import org.praefectus.api.protocol.Action;
import org.praefectus.api.protocol.ApplicationOperation;
import org.praefectus.api.protocol.FailureCode;
import org.praefectus.api.protocol.VerificationPolicy;
import org.praefectus.api.protocol.WindowOperation;

/** The auxiliary actions run the platform utilities from fixed directories only, and window acts through AX. */
class AuxiliaryActionsTest {

    @TempDir
    Path directory;

    private Path utilitiesDirectory;
    private Path record;

    /** A stand-in utility that records its arguments and standard input. */
    private void utility(Path where, String name) throws Exception {
        Path script = where.resolve(name);
        Files.writeString(
                script,
                "#!/bin/sh\nprintf '%s\\n' \"" + name + "\" \"$@\" >> '" + record + "'\ncat >> '" + record + "'\n");
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwx------"));
    }

    @BeforeEach
    void utilities() throws Exception {
        utilitiesDirectory = Files.createDirectory(directory.resolve("usr-bin"));
        record = directory.resolve("record.txt");
        utility(utilitiesDirectory, "open");
        utility(utilitiesDirectory, "pbcopy");
    }

    private MacTesting mac(FakeDesktop desktop, String... environment) {
        return new MacTesting(desktop, directory, new Utilities(List.of(utilitiesDirectory)), environment);
    }

    private static void dispatch(MacTesting mac, Action action) throws DispatchException {
        mac.executor.dispatch(
                action,
                new ResolvedTarget.None(),
                new VerificationPolicy.None(),
                new CancellationToken(),
                MacTesting.deadline());
    }

    @Test
    void utilitiesAreResolvedFromTheFixedDirectoriesNeverFromPath() throws Exception {
        Path elsewhere = Files.createDirectory(directory.resolve("on-path"));
        utility(elsewhere, "osascript");
        Utilities utilities = new Utilities(List.of(utilitiesDirectory));

        assertEquals(utilitiesDirectory.resolve("open"), utilities.resolve("open"));
        assertNull(utilities.resolve("osascript"));
        assertEquals(List.of(Path.of("/usr/bin"), Path.of("/bin"), Path.of("/usr/sbin")), Utilities.DIRECTORIES);
    }

    @Test
    void clipboardWriteNeedsTheGlobalOptInAndThenPipesTheTextToPbcopy() throws Exception {
        FakeDesktop desktop = Fixtures.desktop("textedit");

        DispatchException refused = assertThrows(
                DispatchException.class, () -> dispatch(mac(desktop), new Action.ClipboardWrite("secret")));
        assertEquals(FailureCode.PERMISSION_DENIED, refused.code());
        assertEquals(false, Files.exists(record));

        dispatch(mac(desktop, "PRAEFECTUS_ALLOW_GLOBAL_INPUT=1"), new Action.ClipboardWrite("secret"));
        assertEquals("pbcopy\nsecret", Files.readString(record));
    }

    @Test
    void applicationLaunchOpensTheNamedApplication() throws Exception {
        dispatch(
                mac(Fixtures.desktop("textedit"), "PRAEFECTUS_ALLOW_GLOBAL_INPUT=1"),
                new Action.Application(ApplicationOperation.LAUNCH, "TextEdit"));

        assertEquals("open\n-a\nTextEdit\n", Files.readString(record));
    }

    @Test
    void openNamesItsApplicationAndStaysInTheBackgroundWhenAsked() throws Exception {
        dispatch(
                mac(Fixtures.desktop("textedit"), "PRAEFECTUS_ALLOW_GLOBAL_INPUT=1"),
                new Action.Open("https://example.org", "Safari", true));

        assertEquals("open\n-g\n-a\nSafari\nhttps://example.org\n", Files.readString(record));
    }

    @Test
    void anOpenTargetThatLooksLikeAnOptionIsRefused() throws Exception {
        MacTesting mac = mac(Fixtures.desktop("textedit"), "PRAEFECTUS_ALLOW_GLOBAL_INPUT=1");

        assertThrows(DispatchException.class, () -> dispatch(mac, new Action.Open("-a", null, false)));
        assertEquals(false, Files.exists(record));
    }

    @Test
    void aMissingUtilityIsUnsupportedWithNoEffect() throws Exception {
        MacTesting mac = mac(Fixtures.desktop("textedit"), "PRAEFECTUS_ALLOW_GLOBAL_INPUT=1");

        DispatchException missing = assertThrows(
                DispatchException.class,
                () -> dispatch(mac, new Action.Application(ApplicationOperation.QUIT, "TextEdit")));

        assertEquals(FailureCode.UNSUPPORTED, missing.code());
    }

    @Test
    void windowFocusRaisesTheNamedWindowThroughAccessibility() throws Exception {
        FakeDesktop desktop = Fixtures.desktop("finder", "textedit");

        dispatch(
                mac(desktop, "PRAEFECTUS_ALLOW_GLOBAL_INPUT=1"),
                new Action.Window(WindowOperation.FOCUS, "TextEdit", "Tofu Praefectus Demo.txt"));

        assertEquals(
                List.of(
                        new FakeDesktop.Effect("perform", 512, "AXRaise AXWindow Tofu Praefectus Demo.txt"),
                        new FakeDesktop.Effect("set_flag", 512, "AXFrontmost")),
                desktop.effects);
    }

    @Test
    void windowMinimizeSetsTheWindowsMinimizedAttribute() throws Exception {
        FakeDesktop desktop = Fixtures.desktop("finder", "textedit");

        dispatch(
                mac(desktop, "PRAEFECTUS_ALLOW_GLOBAL_INPUT=1"),
                new Action.Window(WindowOperation.MINIMIZE, "TextEdit", "Tofu Praefectus Demo.txt"));

        assertEquals(List.of(new FakeDesktop.Effect("set_flag", 512, "AXMinimized")), desktop.effects);
    }

    @Test
    void windowClosePressesTheWindowsCloseButtonNotAPointer() throws Exception {
        FakeDesktop desktop = Fixtures.desktop("finder", "textedit");

        dispatch(
                mac(desktop, "PRAEFECTUS_ALLOW_GLOBAL_INPUT=1"),
                new Action.Window(WindowOperation.CLOSE, "TextEdit", "Tofu Praefectus Demo.txt"));

        assertEquals(List.of(new FakeDesktop.Effect("perform", 512, "AXPress AXButton null")), desktop.effects);
    }

    @Test
    void aWindowOfAnotherTitleOrOfNoApplicationOnScreenIsNotTouched() throws Exception {
        FakeDesktop desktop = Fixtures.desktop("finder", "textedit");
        MacTesting mac = mac(desktop, "PRAEFECTUS_ALLOW_GLOBAL_INPUT=1");

        DispatchException title = assertThrows(
                DispatchException.class,
                () -> dispatch(mac, new Action.Window(WindowOperation.CLOSE, "TextEdit", "Other.txt")));
        DispatchException application = assertThrows(
                DispatchException.class,
                () -> dispatch(mac, new Action.Window(WindowOperation.FOCUS, "Preview", null)));

        assertEquals("window not found", title.getMessage());
        assertEquals("no window of that application is on screen", application.getMessage());
        assertEquals(List.of(), desktop.effects);
    }
}
