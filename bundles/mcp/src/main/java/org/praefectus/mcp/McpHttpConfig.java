package org.praefectus.mcp;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/**
 * The Streamable HTTP endpoint (ConfigAdmin PID {@value #PID}); the servlet exists only while this
 * configuration does ({@code mcp --http} writes it).
 */
@ObjectClassDefinition(
        id = McpHttpConfig.PID,
        name = "Praefectus MCP over HTTP",
        description = "The /mcp Streamable HTTP endpoint on the servlet whiteboard.")
public @interface McpHttpConfig {
    /** The configuration PID. */
    String PID = "org.praefectus.mcp.http";

    /** Bearer token; required (non-blank) when the server binds to a non-loopback address. Default none. */
    @AttributeDefinition(description = "Bearer token clients must send. Default: none (loopback only).")
    String token() default "";

    /** Whether the HTTP server binds to loopback only; a non-loopback bind refuses to start without a token. */
    @AttributeDefinition(description = "Bind address of the HTTP server. Default: 127.0.0.1.")
    String host() default "127.0.0.1";

    /** Origins allowed besides loopback ones ({@code http://localhost:*} etc.). Default none. */
    @AttributeDefinition(description = "Extra allowed Origin values. Default: none.")
    String[] allowed_origins() default {};

    /** Largest accepted request body in bytes. Default 1 MiB. */
    @AttributeDefinition(description = "Largest request body in bytes. Default: 1048576.")
    int max_request_bytes() default 1_048_576;

    /** Capability profile for HTTP clients; blank means the host's configured profile. */
    @AttributeDefinition(description = "Capability profile for HTTP clients. Default: the host's.")
    String profile() default "";
}
