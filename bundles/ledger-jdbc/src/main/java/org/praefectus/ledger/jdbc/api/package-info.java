/**
 * The shared outcome ledger's view for fleet tools: {@link org.praefectus.ledger.jdbc.api.FleetLedger} and
 * {@link org.praefectus.ledger.jdbc.api.LedgerState}.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.0.0")
package org.praefectus.ledger.jdbc.api;
