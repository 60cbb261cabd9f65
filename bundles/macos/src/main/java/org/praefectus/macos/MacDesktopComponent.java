package org.praefectus.macos;

import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.praefectus.api.desktop.DesktopService;
import org.praefectus.api.executor.Executor;
import org.praefectus.macos.executor.MacExecutor;
import org.praefectus.nativecore.desktop.NativeDesktop;

/**
 * Registers the typed {@link DesktopService} on macOS: the native core's {@link NativeDesktop} over the registered
 * macOS executor ({@code praefectus.executor.backend=macos-ax}), so it is active only while that executor is, and
 * every element and coordinate target it plans names an observation that executor made.
 */
@Component(service = DesktopService.class)
public final class MacDesktopComponent extends NativeDesktop {

    @Activate
    public MacDesktopComponent(
            @Reference(target = "(praefectus.executor.backend=" + MacExecutor.BACKEND + ")") Executor executor) {
        super(MacExecutor.of(executor).desktop());
    }
}
