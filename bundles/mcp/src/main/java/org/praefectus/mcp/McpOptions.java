package org.praefectus.mcp;

import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.praefectus.api.cli.CliCommandException;
import org.praefectus.api.cli.Options;
import org.praefectus.mcp.host.CapabilityProfile;

/**
 * {@code mcp} options, read by the shared parser ({@link Options}).
 *
 * @param http    {@code --http}: Streamable HTTP instead of stdio
 * @param port    {@code --port N}, 1 to 65535, default {@value #DEFAULT_PORT}
 * @param host    {@code --host H}, default {@value #DEFAULT_HOST}
 * @param profile {@code --profile observe|plan|assist|operator}; empty: the host's configured profile
 */
record McpOptions(boolean http, int port, String host, Optional<CapabilityProfile> profile) {

    static final int DEFAULT_PORT = 8765;
    static final String DEFAULT_HOST = "127.0.0.1";

    static McpOptions parse(List<String> arguments) throws CliCommandException {
        Options options = Options.parse("mcp", arguments, Set.of("port", "host", "profile"), Set.of("http"));
        if (!options.positional().isEmpty()) {
            throw CliCommandException.usage("mcp takes no positional arguments");
        }
        Optional<CapabilityProfile> profile = Optional.empty();
        if (options.has("profile")) {
            try {
                profile = Optional.of(CapabilityProfile.parse(options.value("profile")));
            } catch (IllegalArgumentException e) {
                throw options.usage(e.getMessage());
            }
        }
        String host = options.value("host");
        return new McpOptions(
                options.has("http"),
                options.integer("port", DEFAULT_PORT, 1, 65_535),
                host == null ? DEFAULT_HOST : host,
                profile);
    }
}
