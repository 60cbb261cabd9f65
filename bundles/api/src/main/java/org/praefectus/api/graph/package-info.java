/**
 * The desktop graph memory as a typed service (PeekabooX's "Semantic Desktop Graph"): snapshots of the desktop's
 * windows and elements as nodes and edges, queries over them, desktop events that invalidate them, JSON export and
 * import, and a small key/value memory. Provided by {@code org.praefectus.workflow}; every surface (the CLI's
 * {@code graph}, MCP's graph tools) adapts {@link org.praefectus.api.graph.DesktopGraph} without argument strings
 * between them.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.0.0")
package org.praefectus.api.graph;
