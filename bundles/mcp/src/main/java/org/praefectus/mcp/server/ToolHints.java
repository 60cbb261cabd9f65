package org.praefectus.mcp.server;

import io.modelcontextprotocol.spec.McpSchema;
import java.util.Map;

/**
 * A tool's annotation hints as listed: only those that differ from what the MCP specification says an absent
 * hint means (readOnlyHint false, destructiveHint true, idempotentHint false, openWorldHint true; destructive and
 * idempotent mean something only for a tool that is not read-only), so a client reads the same hints from fewer
 * bytes. {@code tools.json} states all four for every tool.
 */
final class ToolHints {

    private ToolHints() {}

    /** The listed annotations of an entry's four hints (none when all are the defaults); the title is the tool's. */
    static McpSchema.ToolAnnotations of(Map<String, Boolean> hints) {
        boolean readOnly = hints.get("readOnlyHint");
        McpSchema.ToolAnnotations listed = new McpSchema.ToolAnnotations(
                null,
                readOnly ? Boolean.TRUE : null,
                readOnly ? null : unlessDefault(hints.get("destructiveHint"), true),
                readOnly ? null : unlessDefault(hints.get("idempotentHint"), false),
                unlessDefault(hints.get("openWorldHint"), true),
                null);
        boolean allDefaults = listed.readOnlyHint() == null
                && listed.destructiveHint() == null
                && listed.idempotentHint() == null
                && listed.openWorldHint() == null;
        return allDefaults ? null : listed;
    }

    private static Boolean unlessDefault(Boolean hint, boolean absentMeans) {
        return Boolean.valueOf(absentMeans).equals(hint) ? null : hint;
    }
}
