package org.praefectus.live.windows;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.AclEntry;
import java.nio.file.attribute.AclFileAttributeView;
import java.util.List;
import java.util.Map;
import org.praefectus.api.desktop.DesktopCapture;
import org.praefectus.api.desktop.DesktopWindow;
import org.praefectus.api.desktop.WindowQuery;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.protocol.SessionIsolation;
import org.praefectus.nativecore.capture.DesktopCaptureLiveContract;
import org.praefectus.nativecore.capture.NativeCapture;
import org.praefectus.nativecore.desktop.NativeDesktop;
import org.praefectus.vision.image.PngCodec;
import org.praefectus.windows.executor.WindowsExecutor;
import org.praefectus.windows.executor.WindowsSettings;
import org.praefectus.windows.jna.NativeAcl;
import org.praefectus.windows.jna.NativeUia;

/**
 * The capture service on a real Windows desktop ({@link DesktopCaptureLiveContract}, as
 * {@code WindowsCaptureComponent} registers it) on a disposable file in Notepad. Fails without an interactive
 * desktop, with the reason.
 */
class NotepadCaptureLiveTest extends DesktopCaptureLiveContract {

    static final String FILE = "praefectus-capture-live.txt";

    private NativeDesktop desktop;
    private Process notepad;

    @Override
    protected DesktopCapture open(Path directory) throws Exception {
        WindowsExecutor executor = new WindowsExecutor(
                new NativeUia(),
                new NativeAcl(),
                new WindowsSettings(SessionIsolation.SHARED_DESKTOP, directory.resolve("screenshots"), Map.of()));
        desktop = new NativeDesktop(executor.desktop());
        notepad = NotepadFile.open(directory, FILE);
        return new NativeCapture(executor.desktop(), executor.screenGrab(), desktop, new PngCodec());
    }

    @Override
    protected String title() {
        return FILE;
    }

    /** One entry, the owner's: the owner-only ACL the bundle's writer sets. */
    @Override
    protected void assertPrivate(Path file) throws Exception {
        AclFileAttributeView view = Files.getFileAttributeView(file, AclFileAttributeView.class);
        List<AclEntry> acl = view.getAcl();
        assertEquals(1, acl.size());
        assertEquals(view.getOwner(), acl.get(0).principal());
    }

    @Override
    protected void close() throws Exception {
        for (DesktopWindow window : desktop.windows(
                        new WindowQuery(null, null, FILE, null, false, 0, null, "auto", false), new CancellationToken())
                .windows()) {
            NotepadFile.end(window.processId());
        }
        notepad.destroy();
    }
}
