package org.praefectus.mcp.server;

import io.modelcontextprotocol.spec.McpSchema;

/** What stdio and HTTP servers share. */
public final class Servers {

    static final String SERVER_NAME = "praefectus";
    static final String INSTRUCTIONS = "Praefectus acts on this computer safely: call observe, then act on a tag "
            + "from that observation. Repeating act with the same operation_id replays its recorded result; "
            + "an outcome_unknown result must be checked (observe, status) before anything is redone.";

    private Servers() {}

    static String version() {
        Package p = Servers.class.getPackage();
        return p != null && p.getImplementationVersion() != null ? p.getImplementationVersion() : "0.1.0";
    }

    /** Tools (a fixed list per profile: no listChanged), resources, prompts, completions and logging. */
    public static McpSchema.ServerCapabilities capabilities() {
        return McpSchema.ServerCapabilities.builder()
                .tools(false)
                .resources(false, false)
                .prompts(false)
                .completions()
                .logging()
                .build();
    }
}
