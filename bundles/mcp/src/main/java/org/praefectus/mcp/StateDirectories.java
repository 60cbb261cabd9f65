package org.praefectus.mcp;

import java.nio.file.Path;
import java.util.Map;

/**
 * Where the MCP host keeps its private state: {@code $XDG_STATE_HOME/praefectus} (an absolute
 * {@code XDG_STATE_HOME}; otherwise {@code ~/.local/state}), never the client's working directory, which each
 * MCP client picks differently. The engine's ledger lives there too, so at-most-once holds across every
 * client and process of this user.
 */
final class StateDirectories {

    private StateDirectories() {}

    /** {@code $XDG_STATE_HOME/praefectus}. */
    static Path root(Map<String, String> environment, String userHome) {
        String state = environment.get("XDG_STATE_HOME");
        Path base = state != null && !state.isBlank() && Path.of(state).isAbsolute()
                ? Path.of(state)
                : Path.of(userHome, ".local", "state");
        return base.resolve("praefectus");
    }

    static Path root() {
        return root(System.getenv(), System.getProperty("user.home"));
    }

    /** The MCP host's key and audit: {@code root/mcp}, unless configured. */
    static Path mcp(McpConfig config) {
        return config.state_directory().isBlank() ? root().resolve("mcp") : Path.of(config.state_directory());
    }

    /** The engine's operation ledger when nothing else configured one: {@code root/operations.jsonl}. */
    static Path ledger() {
        return root().resolve("operations.jsonl");
    }
}
