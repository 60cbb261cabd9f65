package org.praefectus.linux;

import java.util.function.Consumer;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.praefectus.api.desktop.DesktopChange;
import org.praefectus.api.desktop.DesktopChanges;
import org.praefectus.api.desktop.DesktopException;
import org.praefectus.linux.desktop.AtspiChanges;
import org.praefectus.linux.desktop.DesktopSession;

/** The desktop's AT-SPI changes as a typed service, on the runtime's desktop session (the registered executor). */
@Component(service = DesktopChanges.class)
public final class DesktopChangesComponent implements DesktopChanges {

    private final AtspiChanges changes;

    @Activate
    public DesktopChangesComponent(@Reference DesktopSession session) {
        this.changes = new AtspiChanges(session.executor());
    }

    @Override
    public AutoCloseable subscribe(Consumer<DesktopChange> listener) throws DesktopException {
        return changes.subscribe(listener);
    }
}
