package org.praefectus.mcp;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Dictionary;
import java.util.Hashtable;
import java.util.List;
import org.osgi.service.cm.Configuration;
import org.osgi.service.cm.ConfigurationAdmin;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.metatype.annotations.Designate;
import org.praefectus.mcp.host.HostKey;

/**
 * Generates the MCP host's key on first start and pins its public key in the engine's verifier
 * configuration ({@code org.praefectus.engine.authority}, property {@code keys}): other hosts' entries are
 * kept, a stale entry of this issuer is replaced. Separate from the host component, which needs the engine,
 * which needs this configuration. Delayed: only the {@code mcp} command obtains it, so no other command
 * creates a key or touches the engine's configuration.
 */
@Designate(ocd = McpConfig.class)
@Component(configurationPid = McpConfig.PID, service = HostKeyPinning.class)
public final class HostKeyPinning {

    static final String AUTHORITY_PID = "org.praefectus.engine.authority";
    static final String ENGINE_PID = "org.praefectus.engine";
    /** The engine's own default (EngineConfig): relative to the working directory. */
    static final String ENGINE_DEFAULT_LEDGER = "praefectus-operations.jsonl";

    private final HostKey key;

    @Activate
    public HostKeyPinning(McpConfig config, @Reference ConfigurationAdmin configurationAdmin) throws IOException {
        this.key = HostKey.loadOrCreate(stateDirectory(config));
        placeLedger(configurationAdmin);
        String entry =
                config.issuer() + ":" + key.keyId() + ":" + config.policy_generation() + ":" + key.publicKeyHex();
        Configuration configuration = configurationAdmin.getConfiguration(AUTHORITY_PID, "?");
        Dictionary<String, Object> properties = configuration.getProperties();
        List<String> keys = new ArrayList<>();
        if (properties != null && properties.get("keys") instanceof String[] existing) {
            for (String e : existing) {
                if (!e.startsWith(config.issuer() + ":")) {
                    keys.add(e);
                }
            }
        } else if (properties != null
                && properties.get("keys") instanceof String single
                && !single.startsWith(config.issuer() + ":")) {
            keys.add(single);
        }
        keys.add(entry);
        Hashtable<String, Object> updated = new Hashtable<>();
        if (properties != null) {
            for (var names = properties.keys(); names.hasMoreElements(); ) {
                String name = names.nextElement();
                updated.put(name, properties.get(name));
            }
        }
        String[] pinned = keys.toArray(String[]::new);
        if (properties == null
                || !(properties.get("keys") instanceof String[] current)
                || !java.util.Arrays.equals(current, pinned)) {
            updated.put("keys", pinned);
            configuration.update(updated);
        }
    }

    HostKey key() {
        return key;
    }

    static Path stateDirectory(McpConfig config) {
        return StateDirectories.mcp(config);
    }

    /**
     * Points the engine's ledger at the user's private state directory when nothing configured it (the
     * engine's own default is a file in the working directory, which each MCP client chooses differently:
     * a client starting the server in /tmp could not write it, and two clients in two directories would
     * not share at-most-once). A ledger someone configured is left alone.
     */
    static void placeLedger(ConfigurationAdmin configurationAdmin) throws IOException {
        Configuration engine = configurationAdmin.getConfiguration(ENGINE_PID, "?");
        Dictionary<String, Object> properties = engine.getProperties();
        Object configured = properties == null ? null : properties.get("ledger.path");
        if (configured instanceof String path && !path.isBlank() && !path.equals(ENGINE_DEFAULT_LEDGER)) {
            return;
        }
        Hashtable<String, Object> updated = new Hashtable<>();
        if (properties != null) {
            for (var names = properties.keys(); names.hasMoreElements(); ) {
                String name = names.nextElement();
                updated.put(name, properties.get(name));
            }
        }
        updated.put("ledger.path", StateDirectories.ledger().toString());
        engine.update(updated);
    }
}
