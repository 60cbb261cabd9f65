package org.praefectus.linux;

import java.util.List;
import java.util.Optional;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.component.annotations.ReferencePolicyOption;
import org.praefectus.api.executor.Executor;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.platform.Platform;
import org.praefectus.api.platform.PlatformOs;
import org.praefectus.api.protocol.Capabilities;

/**
 * Registers the Linux {@link Platform}; the probing itself lives in {@link LinuxFacts}. The actions it
 * advertises are the ones the Linux executor (when active) says it can dispatch now.
 */
@Component(service = Platform.class)
@PlatformOs("linux")
public final class LinuxPlatform implements Platform {

    private final LinuxFacts facts = new LinuxFacts(new X11Probe(), new AtspiBusProbe());
    private volatile boolean active;

    @Reference(
            cardinality = ReferenceCardinality.OPTIONAL,
            policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY,
            target = "(praefectus.executor.backend=linux-atspi)")
    private volatile Executor executor;

    @Activate
    public LinuxPlatform() {
        active = true;
    }

    @Override
    public Capabilities capabilities() {
        if (!active) {
            throw new IllegalStateException("the Linux platform service has been withdrawn");
        }
        Optional<Capabilities> executorFacts = executorCapabilities();
        Capabilities probed = facts.capabilities(
                LinuxEnvironment.of(System.getenv()),
                executorFacts.map(Capabilities::actionCapabilities).orElse(List.of()));
        // one display geometry hash everywhere: the executor's RandR topology hash when it has one
        String geometry = executorFacts
                .map(Capabilities::displayGeometryHash)
                .filter(hash -> !hash.isEmpty())
                .orElse(probed.displayGeometryHash());
        return Capabilities.of(
                probed.platform(),
                probed.backend(),
                probed.sessionIsolation(),
                probed.actionCapabilities(),
                probed.permissions(),
                geometry);
    }

    private Optional<Capabilities> executorCapabilities() {
        Executor current = executor;
        if (current == null) {
            return Optional.empty();
        }
        try {
            return Optional.of(current.capabilities());
        } catch (ExecutorException | RuntimeException unavailable) {
            return Optional.empty();
        }
    }

    @Deactivate
    void deactivate() {
        active = false;
    }
}
