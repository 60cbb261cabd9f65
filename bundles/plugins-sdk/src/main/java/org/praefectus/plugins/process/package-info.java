/**
 * The bounded process runner: argv only (never a shell), a scrubbed environment, stdin bytes, stdout and
 * stderr streamed as lines and captured up to a cap, a deadline and cancellation that kill the whole
 * process tree, and an honest exit status. Plugin calls run through it, and so do the bridge's agent CLIs.
 * In a framework, use the {@link org.praefectus.plugins.process.ProcessRunner} service; outside one,
 * {@link org.praefectus.plugins.process.ProcessRunners#open()}.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.1.0")
package org.praefectus.plugins.process;
