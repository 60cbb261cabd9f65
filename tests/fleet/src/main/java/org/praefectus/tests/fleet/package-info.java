/**
 * In-framework tests of the shared ledger and the fleet command (a real Felix started by
 * bnd-testing-maven-plugin), and the PostgreSQL fixture the scale-out tests share.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("0.1.0")
package org.praefectus.tests.fleet;
