package org.praefectus.windows;

import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.praefectus.api.desktop.DesktopCapture;
import org.praefectus.api.desktop.DesktopService;
import org.praefectus.api.executor.Executor;
import org.praefectus.api.vision.ImageCodec;
import org.praefectus.nativecore.capture.NativeCapture;
import org.praefectus.windows.executor.WindowsExecutor;

/**
 * Registers {@link DesktopCapture} on Windows: the native core's {@link NativeCapture} over the Windows executor's windows
 * and GDI's copy of the virtual screen, the PNG encoded by the {@link ImageCodec}, the semantic tree through the
 * {@link DesktopService}. Not run on Windows.
 */
@Component(service = DesktopCapture.class)
public final class WindowsCaptureComponent extends NativeCapture {

    @Activate
    public WindowsCaptureComponent(
            @Reference(target = "(praefectus.executor.backend=" + WindowsExecutor.BACKEND + ")") Executor executor,
            @Reference DesktopService desktop,
            @Reference ImageCodec codec) {
        this(WindowsExecutor.of(executor), desktop, codec);
    }

    private WindowsCaptureComponent(WindowsExecutor windows, DesktopService desktop, ImageCodec codec) {
        super(windows.desktop(), windows.screenGrab(), desktop, codec);
    }
}
