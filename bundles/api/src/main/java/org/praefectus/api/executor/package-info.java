/**
 * The executor SPI: what the engine needs from a platform or browser backend. An {@link
 * org.praefectus.api.executor.Executor} observes and resolves fenced targets and dispatches one action;
 * the engine owns authority, the ledger, routing, sentinels and verification. Executors are registered as
 * OSGi services and may come and go at any time; the engine ends an operation whose executor left as
 * {@code cancelled_before_effect} or {@code outcome_unknown}, never as a success.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("2.4.0")
package org.praefectus.api.executor;
