package org.praefectus.mcp.host;

/** What the tools over a platform's typed services answer where this runtime has no platform bundle. */
final class PlatformTools {

    private PlatformTools() {}

    /** The tool error of a value the platform's request refuses, as the CLI's usage error of the same verb. */
    static ToolResult usage(String tool, IllegalArgumentException invalid) {
        return ToolResult.failure(
                "usage", tool + ": " + invalid.getMessage(), "correct the arguments as the message says", true);
    }

    /** The tool error of a tool whose platform service is absent. */
    static ToolResult unavailable(String tool) {
        return ToolResult.failure(
                "command_unavailable",
                "this runtime has no platform service for " + tool,
                "this platform has no such verb: see capabilities",
                true);
    }
}
