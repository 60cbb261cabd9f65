package org.praefectus.live.windows;

import java.nio.file.Path;
import java.util.Map;
import org.praefectus.api.desktop.DesktopService;
import org.praefectus.api.desktop.DesktopWindow;
import org.praefectus.api.desktop.ElementScope;
import org.praefectus.api.desktop.WindowQuery;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.protocol.SessionIsolation;
import org.praefectus.nativecore.desktop.DesktopServiceLiveContract;
import org.praefectus.nativecore.desktop.NativeDesktop;
import org.praefectus.windows.executor.WindowsExecutor;
import org.praefectus.windows.executor.WindowsSettings;
import org.praefectus.windows.jna.NativeAcl;
import org.praefectus.windows.jna.NativeUia;

/**
 * The typed desktop service on a real Windows desktop ({@link DesktopServiceLiveContract}, as
 * {@code WindowsDesktopComponent} registers it) on a disposable file in Notepad, listed by its window class: its
 * document or edit control, the key typed through {@code SendInput} by a second executor with the global-input
 * opt-in.
 */
class NotepadServiceLiveTest extends DesktopServiceLiveContract {

    static final String FILE = "praefectus-service-live.txt";

    private Process notepad;

    NotepadServiceLiveTest() {
        super(new Document(
                new ElementScope(null, FILE, null),
                "Notepad",
                "role-regex=^(document|edit)$,state-exact=editable",
                "uia"));
    }

    @Override
    protected Opened open(Path directory) throws Exception {
        DesktopService desktop = new NativeDesktop(executor(directory, Map.of()).desktop());
        WindowsExecutor allowed = executor(directory, Map.of("PRAEFECTUS_ALLOW_GLOBAL_INPUT", "1"));
        notepad = NotepadFile.open(directory, FILE);
        return new Opened(desktop, new Typist(allowed, allowed.desktop(), true));
    }

    @Override
    protected void close(DesktopService desktop) throws Exception {
        for (DesktopWindow window : desktop.windows(
                        new WindowQuery(null, null, FILE, null, false, 0, null, "auto", false), new CancellationToken())
                .windows()) {
            NotepadFile.end(window.processId());
        }
        notepad.destroy();
    }

    private static WindowsExecutor executor(Path directory, Map<String, String> environment) {
        return new WindowsExecutor(
                new NativeUia(),
                new NativeAcl(),
                new WindowsSettings(SessionIsolation.SHARED_DESKTOP, directory.resolve("screenshots"), environment));
    }
}
