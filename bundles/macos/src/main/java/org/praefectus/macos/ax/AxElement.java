package org.praefectus.macos.ax;

/**
 * An opaque accessibility element ({@code AXUIElementRef} on macOS). Only the {@link AxApi} that produced it
 * may interpret it; the executor never compares two handles itself ({@link AxApi#same}).
 */
public interface AxElement {}
