package org.praefectus.mcp;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/** The MCP host (ConfigAdmin PID {@value #PID}). */
@ObjectClassDefinition(
        id = McpConfig.PID,
        name = "Praefectus MCP host",
        description = "Capability profile, confirmation policy, key and audit of the MCP server.")
public @interface McpConfig {
    /** The configuration PID. */
    String PID = "org.praefectus.mcp";

    /** Which tools may run: observe, plan, assist or operator. Default {@code assist}. */
    @AttributeDefinition(description = "observe | plan | assist | operator. Default: assist.")
    String profile() default "assist";

    /** Action kinds that need a person's yes through elicitation; {@code *} for all. Default {@code *}. */
    @AttributeDefinition(description = "Action kinds that need confirmation, or *. Default: *.")
    String[] confirm_actions() default {"*"};

    /**
     * Private state directory (key, audit). Default {@code $XDG_STATE_HOME/praefectus/mcp}, where
     * {@code XDG_STATE_HOME} defaults to {@code ~/.local/state}.
     */
    @AttributeDefinition(description = "Private state directory. Default: $XDG_STATE_HOME/praefectus/mcp.")
    String state_directory() default "";

    /** Issuer pinned in the engine's verifier. Default {@code praefectus-mcp}. */
    @AttributeDefinition(description = "Issuer of the host's grants. Default: praefectus-mcp.")
    String issuer() default "praefectus-mcp";

    /** Policy generation pinned with the key. Default {@code mcp-1}. */
    @AttributeDefinition(description = "Policy generation pinned with the key. Default: mcp-1.")
    String policy_generation() default "mcp-1";

    /**
     * How long a person has to answer a confirmation, seconds. Default 180: a person may have to find the
     * window, read the question and decide; the MCP request timeout is set above it.
     */
    @AttributeDefinition(description = "Seconds a person has to answer a confirmation. Default: 180.")
    int confirm_timeout_seconds() default 180;

    /** Lifetime of a grant and the request deadline, seconds. Default 60. */
    @AttributeDefinition(description = "Grant lifetime and request deadline in seconds. Default: 60.")
    int grant_ttl_seconds() default 60;
}
