package org.praefectus.windows;

import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.praefectus.api.platform.Platform;
import org.praefectus.api.platform.PlatformOs;
import org.praefectus.api.protocol.Capabilities;

/** Registers the Windows {@link Platform}; the facts come from {@link WindowsFacts}. */
@Component(service = Platform.class)
@PlatformOs("windows")
public final class WindowsPlatform implements Platform {

    private final WindowsFacts facts = new WindowsFacts(new ComUiAutomation());
    private volatile boolean active = true;

    @Override
    public Capabilities capabilities() {
        if (!active) {
            throw new IllegalStateException("the Windows platform service has been withdrawn");
        }
        return facts.capabilities("1".equals(System.getenv("PRAEFECTUS_ALLOW_GLOBAL_INPUT")));
    }

    @Deactivate
    void deactivate() {
        active = false;
    }
}
