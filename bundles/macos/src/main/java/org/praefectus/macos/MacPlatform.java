package org.praefectus.macos;

import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.component.annotations.ReferencePolicyOption;
import org.praefectus.api.executor.Executor;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.executor.GlobalInput;
import org.praefectus.api.platform.Platform;
import org.praefectus.api.platform.PlatformOs;
import org.praefectus.api.protocol.Capabilities;

/**
 * Registers the macOS {@link Platform}. With the macOS executor active it reports the executor's own
 * capabilities (actions, routes, permissions); without it, the permissions {@link MacFacts} probes.
 */
@Component(service = Platform.class)
@PlatformOs("macos")
public final class MacPlatform implements Platform {

    private final MacFacts facts = new MacFacts(new NativeMacPermissions());
    private volatile boolean active = true;

    @Reference(
            cardinality = ReferenceCardinality.OPTIONAL,
            policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY,
            target = "(praefectus.executor.backend=macos-ax)")
    private volatile Executor executor;

    @Override
    public Capabilities capabilities() {
        if (!active) {
            throw new IllegalStateException("the macOS platform service has been withdrawn");
        }
        Executor current = executor;
        if (current != null) {
            try {
                return current.capabilities();
            } catch (ExecutorException | RuntimeException unavailable) {
                // fall back to the probed permissions
            }
        }
        return facts.capabilities(GlobalInput.optedIn(System.getenv()));
    }

    @Deactivate
    void deactivate() {
        active = false;
    }
}
