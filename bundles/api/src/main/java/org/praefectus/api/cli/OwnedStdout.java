package org.praefectus.api.cli;

/**
 * Returned by a {@link CliCommand} that spoke its own protocol on standard output (the {@code mcp}
 * command speaks MCP there): the CLI then writes no envelope, so nothing follows that protocol on stdout.
 * Failures before the command took stdout over are still reported with {@link CliCommandException}.
 */
public enum OwnedStdout {
    /** The only value. */
    INSTANCE
}
