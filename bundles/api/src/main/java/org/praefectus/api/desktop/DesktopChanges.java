package org.praefectus.api.desktop;

import java.util.function.Consumer;
import org.osgi.annotation.versioning.ProviderType;

/**
 * The desktop's change events as a typed service, provided by the platform bundle (on Linux its AT-SPI bus: focus,
 * window and object events), for caches that must know when what they hold is stale (the desktop graph).
 */
@ProviderType
public interface DesktopChanges {

    /**
     * Calls {@code listener} (on the platform's event thread: it must return quickly) for each change until the
     * returned handle is closed.
     *
     * @throws DesktopException {@code observation_error} when the platform gives no events
     */
    AutoCloseable subscribe(Consumer<DesktopChange> listener) throws DesktopException;
}
