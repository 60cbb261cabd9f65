package org.praefectus.mcp;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Hashtable;
import org.osgi.annotation.bundle.Capability;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceRegistration;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.metatype.annotations.Designate;
import org.praefectus.api.host.HostState;
import org.praefectus.api.host.PinnedIssuer;
import org.praefectus.mcp.host.HostKey;

/**
 * Generates the MCP host's key on first start and pins its public key in the engine's verifier as a host kit
 * {@link PinnedIssuer} service (property {@code praefectus.host=mcp}) for as long as it is active; no other
 * host's trust or the engine's configuration is touched. {@link McpHost} references that pin, so it starts
 * only once the engine trusts its key. Delayed: only the {@code mcp} command obtains it, so no other command
 * creates a key.
 */
// registered through the bundle context, so the resolver learns of the service from this declaration
@Capability(namespace = "osgi.service", attribute = "objectClass:List<String>=org.praefectus.api.host.PinnedIssuer")
@Designate(ocd = McpConfig.class)
@Component(configurationPid = McpConfig.PID, service = HostKeyPinning.class)
public final class HostKeyPinning {

    /** The value of {@link PinnedIssuer#HOST_PROPERTY} on the MCP host's pin. */
    static final String HOST = "mcp";

    private final HostKey key;
    private final ServiceRegistration<PinnedIssuer> pin;

    @Activate
    public HostKeyPinning(McpConfig config, BundleContext context) throws IOException {
        this.key = HostKey.loadOrCreate(stateDirectory(config));
        @SuppressWarnings("JdkObsolete") // registerService takes a Dictionary
        Hashtable<String, Object> properties = new Hashtable<>();
        properties.put(PinnedIssuer.HOST_PROPERTY, HOST);
        this.pin = context.registerService(
                PinnedIssuer.class,
                new PinnedIssuer(config.issuer(), key.keyId(), config.policy_generation(), key.publicKeyHex()),
                properties);
    }

    @Deactivate
    void unpin() {
        pin.unregister();
    }

    HostKey key() {
        return key;
    }

    static Path stateDirectory(McpConfig config) {
        return config.state_directory().isBlank() ? HostState.root().resolve(HOST) : Path.of(config.state_directory());
    }
}
