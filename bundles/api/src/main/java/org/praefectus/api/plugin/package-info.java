/**
 * Plugin contracts: the tools of trusted process plugins as services, and the installer that turns a
 * plugin directory into a bundle. The plugins-sdk bundle implements them; surfaces (CLI, MCP) consume them.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.1.0")
package org.praefectus.api.plugin;
