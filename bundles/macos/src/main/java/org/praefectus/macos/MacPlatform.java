package org.praefectus.macos;

import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.praefectus.api.platform.Platform;
import org.praefectus.api.platform.PlatformOs;
import org.praefectus.api.protocol.Capabilities;

/** Registers the macOS {@link Platform}; the facts come from {@link MacFacts}. */
@Component(service = Platform.class)
@PlatformOs("macos")
public final class MacPlatform implements Platform {

    private final MacFacts facts = new MacFacts(new NativeMacPermissions());
    private volatile boolean active = true;

    @Override
    public Capabilities capabilities() {
        if (!active) {
            throw new IllegalStateException("the macOS platform service has been withdrawn");
        }
        return facts.capabilities("1".equals(System.getenv("PRAEFECTUS_ALLOW_GLOBAL_INPUT")));
    }

    @Deactivate
    void deactivate() {
        active = false;
    }
}
