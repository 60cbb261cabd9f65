/**
 * Wayland sessions: whether the compositor's socket listens, which compositor owns the session and which
 * xdg-desktop-portal interfaces answer on the session bus (docs/wayland.md). Private to the Linux bundle.
 */
package org.praefectus.linux.wayland;
