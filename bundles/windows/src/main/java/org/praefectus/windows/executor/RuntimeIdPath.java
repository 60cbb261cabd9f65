package org.praefectus.windows.executor;

/**
 * How the Windows executor finds an observed element again: its UIA runtime id, and its fingerprint at
 * observation time.
 */
record RuntimeIdPath(String runtimeId, String fingerprint) {}
