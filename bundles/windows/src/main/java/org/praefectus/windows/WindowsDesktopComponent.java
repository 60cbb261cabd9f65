package org.praefectus.windows;

import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.praefectus.api.desktop.DesktopService;
import org.praefectus.api.executor.Executor;
import org.praefectus.nativecore.desktop.NativeDesktop;
import org.praefectus.windows.executor.WindowsExecutor;

/**
 * Registers the typed {@link DesktopService} on Windows: the native core's {@link NativeDesktop} over the registered
 * Windows executor ({@code praefectus.executor.backend=windows-uia}), so it is active only while that executor is, and
 * every element and coordinate target it plans names an observation that executor made.
 */
@Component(service = DesktopService.class)
public final class WindowsDesktopComponent extends NativeDesktop {

    @Activate
    public WindowsDesktopComponent(
            @Reference(target = "(praefectus.executor.backend=" + WindowsExecutor.BACKEND + ")") Executor executor) {
        super(WindowsExecutor.of(executor).desktop());
    }
}
