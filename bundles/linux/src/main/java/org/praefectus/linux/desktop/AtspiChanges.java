package org.praefectus.linux.desktop;

import java.util.function.Consumer;
import org.praefectus.api.desktop.DesktopChange;
import org.praefectus.api.desktop.DesktopChanges;
import org.praefectus.api.desktop.DesktopException;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.linux.executor.LinuxExecutor;

/**
 * The desktop's changes as the executor's AT-SPI bus announces them ({@code AtspiBus.onChange}: focus, window and
 * object events, repeated bounds left out), each as its member and object only.
 */
public final class AtspiChanges implements DesktopChanges {

    private final LinuxExecutor executor;

    public AtspiChanges(LinuxExecutor executor) {
        this.executor = executor;
    }

    @Override
    public AutoCloseable subscribe(Consumer<DesktopChange> listener) throws DesktopException {
        try {
            return executor.connections()
                    .accessibility()
                    .bus()
                    .onChange(change -> listener.accept(new DesktopChange(change.member(), change.objectId())));
        } catch (ExecutorException e) {
            throw LinuxDesktop.failure(e);
        }
    }
}
