package org.praefectus.windows.executor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.praefectus.api.executor.DispatchException;
import org.praefectus.api.executor.ResolvedTarget;
import org.praefectus.api.protocol.Action;
import org.praefectus.api.protocol.ApplicationOperation;
import org.praefectus.api.protocol.FailureCode;
import org.praefectus.api.protocol.VerificationPolicy;
import org.praefectus.api.protocol.WindowOperation;

/** Auxiliary actions: system programs from the system directories only; window through UI Automation. */
class AuxiliaryActionsTest {

    @TempDir
    Path directory;

    @Test
    void programsComeFromTheSystemDirectoriesAndNeverFromAPath() throws Exception {
        Path system32 = Files.createDirectories(directory.resolve("Windows").resolve("System32"));
        Files.writeString(system32.resolve("clip.exe"), "");
        SystemPrograms programs = new SystemPrograms(SystemPrograms.systemDirectories(
                Map.of("SystemRoot", directory.resolve("Windows").toString())));

        assertEquals(system32.resolve("clip.exe"), programs.resolve("clip"));
        assertNull(programs.resolve("..\\evil"));
        assertNull(programs.resolve("C:\\tools\\clip"));
        assertNull(programs.resolve("notepad"));
    }

    @Test
    void auxiliaryActionsNeedTheGlobalOptIn() throws Exception {
        FakeWindows desktop = Fixtures.desktop("notepad");
        WinTesting win = new WinTesting(desktop, directory);

        DispatchException refused = assertThrows(
                DispatchException.class,
                () -> win.dispatch(
                        new Action.ClipboardWrite("secret"), new ResolvedTarget.None(), new VerificationPolicy.None()));

        assertEquals(FailureCode.PERMISSION_DENIED, refused.code());
    }

    @Test
    void windowCloseUsesTheWindowPatternOfTheExactlyTitledWindow() throws Exception {
        FakeWindows desktop = Fixtures.desktop("notepad", "winforms-dialog");
        WinTesting win = new WinTesting(desktop, directory, "PRAEFECTUS_ALLOW_GLOBAL_INPUT=1");

        win.dispatch(
                new Action.Window(WindowOperation.CLOSE, "notepad", "Settings"),
                new ResolvedTarget.None(),
                new VerificationPolicy.None());

        assertEquals(List.of(new FakeWindows.Effect("close", "Settings")), desktop.effects);
    }

    @Test
    void aMissingProgramIsUnsupportedWithNoEffect() throws Exception {
        WinTesting win = new WinTesting(Fixtures.desktop("notepad"), directory, "PRAEFECTUS_ALLOW_GLOBAL_INPUT=1");

        DispatchException missing = assertThrows(
                DispatchException.class,
                () -> win.dispatch(
                        new Action.Application(ApplicationOperation.LAUNCH, "notepad"),
                        new ResolvedTarget.None(),
                        new VerificationPolicy.None()));

        assertEquals(FailureCode.UNSUPPORTED, missing.code());
    }

    @Test
    void windowFocusStillFindsAMinimizedWindow() throws Exception {
        FakeWindows desktop = Fixtures.desktop("notepad", "winforms-dialog");
        desktop.processes.get(1).window().minimized = true;
        WinTesting win = new WinTesting(desktop, directory, "PRAEFECTUS_ALLOW_GLOBAL_INPUT=1");

        win.dispatch(
                new Action.Window(WindowOperation.FOCUS, "app", "Settings"),
                new ResolvedTarget.None(),
                new VerificationPolicy.None());

        assertEquals(List.of(new FakeWindows.Effect("set_focus", "Settings")), desktop.effects);
    }
}
