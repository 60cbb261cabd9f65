/**
 * The process log: one bounded, rotated file per long-running process in its private state directory
 * ({@code STATE/logs/<process>.log}, 0600 in a 0700 folder), written by everything that logs through slf4j (2, and
 * 1.7 through {@code org.praefectus.logging-slf4j1}). Nothing is written, and no file is created, until a
 * long-running command {@linkplain org.praefectus.logging.ProcessLog#open opens} it: one-shot commands stay silent.
 * Never content: callers log codes, names and exception classes, never typed text, selectors or secrets.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.0.0")
package org.praefectus.logging;
