package org.praefectus.windows;

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
import org.praefectus.windows.jna.NativeUia;

/**
 * Registers the Windows {@link Platform}. With the Windows executor active it reports the executor's own
 * capabilities; without it, whether UI Automation is available.
 */
@Component(service = Platform.class)
@PlatformOs("windows")
public final class WindowsPlatform implements Platform {

    private final WindowsFacts facts = new WindowsFacts(() -> new NativeUia().available());
    private volatile boolean active = true;

    @Reference(
            cardinality = ReferenceCardinality.OPTIONAL,
            policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY,
            target = "(praefectus.executor.backend=windows-uia)")
    private volatile Executor executor;

    @Override
    public Capabilities capabilities() {
        if (!active) {
            throw new IllegalStateException("the Windows platform service has been withdrawn");
        }
        Executor current = executor;
        if (current != null) {
            try {
                return current.capabilities();
            } catch (ExecutorException | RuntimeException unavailable) {
                // fall back to the probed facts
            }
        }
        return facts.capabilities(GlobalInput.optedIn(System.getenv()));
    }

    @Deactivate
    void deactivate() {
        active = false;
    }
}
