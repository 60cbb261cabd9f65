package org.praefectus.mcp.host;

import java.util.Map;

/**
 * One MCP tool: its name (its title, annotations and schemas are its entry in {@code tools.json}, the catalog
 * the SDK specifications are built from) and what a call does. Tools never throw for tool-level failures; an
 * {@link ToolArguments.InvalidArgument} is answered {@code invalid_arguments} by {@link ToolHost}.
 */
public interface Tool {

    String name();

    ToolResult call(Map<String, Object> args, ToolHost.CallContext context);
}
