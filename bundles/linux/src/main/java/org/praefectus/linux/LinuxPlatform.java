package org.praefectus.linux;

import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.praefectus.api.platform.Platform;
import org.praefectus.api.platform.PlatformOs;
import org.praefectus.api.protocol.Capabilities;

/** Registers the Linux {@link Platform}; the probing itself lives in {@link LinuxFacts}. */
@Component(service = Platform.class)
@PlatformOs("linux")
public final class LinuxPlatform implements Platform {

    private final LinuxFacts facts = new LinuxFacts(new X11Probe(), new AtspiBusProbe());
    private volatile boolean active;

    @Activate
    public LinuxPlatform() {
        active = true;
    }

    @Override
    public Capabilities capabilities() {
        if (!active) {
            throw new IllegalStateException("the Linux platform service has been withdrawn");
        }
        return facts.capabilities(LinuxEnvironment.of(System.getenv()));
    }

    @Deactivate
    void deactivate() {
        active = false;
    }
}
