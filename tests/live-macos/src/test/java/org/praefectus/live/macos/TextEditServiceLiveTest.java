package org.praefectus.live.macos;

import java.nio.file.Path;
import java.util.Map;
import org.praefectus.api.desktop.DesktopService;
import org.praefectus.api.desktop.ElementScope;
import org.praefectus.api.protocol.SessionIsolation;
import org.praefectus.macos.executor.MacExecutor;
import org.praefectus.macos.executor.MacSettings;
import org.praefectus.macos.jna.NativeAx;
import org.praefectus.macos.jna.NativeQuartz;
import org.praefectus.nativecore.desktop.DesktopServiceLiveContract;
import org.praefectus.nativecore.desktop.NativeDesktop;

/**
 * The typed desktop service on a real Mac ({@link DesktopServiceLiveContract}, as {@code MacDesktopComponent}
 * registers it) on a disposable TextEdit document: its {@code AXTextArea}, the key posted to TextEdit's process
 * without the global-input opt-in. Fails (never skips) without Accessibility.
 */
class TextEditServiceLiveTest extends DesktopServiceLiveContract {

    static final String TITLE = "Tofu Praefectus Service.txt";

    TextEditServiceLiveTest() {
        super(new Document(new ElementScope("TextEdit", TITLE, null), "TextEdit", "role-exact=AXTextArea", "ax"));
    }

    @Override
    protected Opened open(Path directory) throws Exception {
        MacExecutor executor = new MacExecutor(
                new NativeAx(),
                new NativeQuartz(),
                new MacSettings(SessionIsolation.SHARED_DESKTOP, directory.resolve("screenshots"), Map.of()));
        TextEditDocument.open(directory, TITLE);
        return new Opened(new NativeDesktop(executor.desktop()), new Typist(executor, executor.desktop(), false));
    }

    @Override
    protected void close(DesktopService desktop) throws Exception {
        TextEditDocument.close(TITLE);
    }
}
