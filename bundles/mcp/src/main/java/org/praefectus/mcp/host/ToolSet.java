package org.praefectus.mcp.host;

/**
 * What a server's tools work on, fixed for its life: the desktop through the runtime's engine (every tool of
 * {@code tools.json}), or one browser page of the host's own Chromium through a private engine
 * ({@code mcp --browser}: {@code capabilities} and {@code status} as on the desktop, {@code observe} and {@code act} of
 * {@code browser-tools.json}). A tool that is not in the set is not registered at all.
 */
public enum ToolSet {
    DESKTOP,
    BROWSER
}
