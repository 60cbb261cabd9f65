package org.praefectus.macos;

import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.praefectus.api.desktop.DesktopCapture;
import org.praefectus.api.desktop.DesktopService;
import org.praefectus.api.executor.Executor;
import org.praefectus.api.vision.ImageCodec;
import org.praefectus.macos.executor.MacExecutor;
import org.praefectus.nativecore.capture.NativeCapture;

/**
 * Registers {@link DesktopCapture} on macOS: the native core's {@link NativeCapture} over the macOS executor's windows
 * and CoreGraphics display images, the PNG encoded by the {@link ImageCodec}, the semantic tree through the
 * {@link DesktopService}. Not run on a Mac.
 */
@Component(service = DesktopCapture.class)
public final class MacCaptureComponent extends NativeCapture {

    @Activate
    public MacCaptureComponent(
            @Reference(target = "(praefectus.executor.backend=" + MacExecutor.BACKEND + ")") Executor executor,
            @Reference DesktopService desktop,
            @Reference ImageCodec codec) {
        this(MacExecutor.of(executor), desktop, codec);
    }

    private MacCaptureComponent(MacExecutor mac, DesktopService desktop, ImageCodec codec) {
        super(mac.desktop(), mac.screenGrab(), desktop, codec);
    }
}
