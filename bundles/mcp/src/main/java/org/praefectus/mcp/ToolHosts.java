package org.praefectus.mcp;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.json.schema.JsonSchemaValidator;
import io.modelcontextprotocol.json.schema.jackson2.DefaultJsonSchemaValidator;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import org.praefectus.api.host.AuditLog;
import org.praefectus.api.host.CapabilityProfile;
import org.praefectus.api.host.PinnedIssuer;
import org.praefectus.mcp.host.ConfirmationPolicy;
import org.praefectus.mcp.host.HostAuthority;
import org.praefectus.mcp.host.HostKey;
import org.praefectus.mcp.host.HostServices;
import org.praefectus.mcp.host.ToolHost;

/**
 * What every server of this MCP host shares, from its configuration ({@link McpConfig}): the one key and signer
 * ({@link HostAuthority}), the audit log, profile, confirmation policy and grant lifetime, and the SDK's JSON mapper
 * and schema validator (built from {@code mcp-json-jackson2}'s exported classes and passed to every builder: the
 * SDK's own {@code McpJsonDefaults} would need a DS service its manifest does not declare, and ServiceLoader does
 * not work in OSGi). It makes the desktop's and a browser page's {@link ToolHost}s.
 */
final class ToolHosts implements AutoCloseable {

    private final McpConfig config;
    private final HostAuthority authority;
    private final AuditLog audit;
    private final McpJsonMapper mapper;
    private final JsonSchemaValidator validator;

    ToolHosts(McpConfig config) throws IOException {
        this.config = config;
        this.authority = new HostAuthority(
                HostKey.loadOrCreate(stateDirectory()), config.issuer(), config.policy_generation(), "mcp-user");
        this.audit = new AuditLog(stateDirectory().resolve("audit.jsonl"), "mcp", Clock.systemUTC());
        ObjectMapper objectMapper = new ObjectMapper();
        this.mapper = new JacksonMcpJsonMapper(objectMapper);
        this.validator = new DefaultJsonSchemaValidator(objectMapper);
    }

    /** The desktop's tools over the runtime's services, with the configured profile or {@code override}. */
    ToolHost desktop(HostServices services, Optional<CapabilityProfile> override) {
        return new ToolHost(
                services,
                authority,
                profile(override),
                ConfirmationPolicy.of(config.confirm_actions()),
                audit,
                Clock.systemUTC(),
                config.grant_ttl_seconds() * 1_000L,
                confirmationWindow().toSeconds());
    }

    /** A browser page's tools over its private engine, with the configured profile or {@code override}. */
    ToolHost browser(BrowserSession page, Optional<CapabilityProfile> override) {
        return ToolHost.browser(
                page,
                page,
                page,
                authority,
                profile(override),
                ConfirmationPolicy.of(config.confirm_actions()),
                audit,
                Clock.systemUTC(),
                config.grant_ttl_seconds() * 1_000L,
                confirmationWindow().toSeconds());
    }

    /** The key this host signs with, as an engine pins it: the only key a browser page's private engine trusts. */
    PinnedIssuer pin() {
        return authority.pinnedIssuer();
    }

    /** The host's private state directory (key, audit, a browser page's ledger). */
    Path stateDirectory() {
        return HostKeyPinning.stateDirectory(config);
    }

    /** The configured profile, or {@code override} when given. */
    CapabilityProfile profile(Optional<CapabilityProfile> override) {
        return override.orElseGet(() -> CapabilityProfile.parse(config.profile()));
    }

    /** How long a person has to answer a confirmation (at least one second). */
    Duration confirmationWindow() {
        return Duration.ofSeconds(Math.max(1, config.confirm_timeout_seconds()));
    }

    /** The SDK's timeout for the server's own requests (elicitation): beyond the confirmation window. */
    Duration requestTimeout() {
        return confirmationWindow().plusSeconds(30);
    }

    McpJsonMapper mapper() {
        return mapper;
    }

    JsonSchemaValidator validator() {
        return validator;
    }

    @Override
    public void close() throws IOException {
        audit.close();
    }
}
