/**
 * The desktop as a typed service: PeekabooX's verbs (windows, element lookup, the input verbs) and its desktop
 * profiles ({@link DesktopProfiles}) as requests and results, provided by a platform bundle
 * ({@code org.praefectus.linux}; on macOS and Windows the native core's service in {@code org.praefectus.macos} and {@code org.praefectus.windows}) and adapted by every surface (the CLI, the daemon's socket, gRPC, MCP, workflows) without argument strings between them. An input verb resolves
 * its target against a fresh observation and yields the protocol request it would execute; a signer (the
 * resident host) signs and runs it, and the outcome carries the terminal the engine recorded, which every surface
 * reports as it is: success only for {@code succeeded}.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.10.0")
package org.praefectus.api.desktop;
