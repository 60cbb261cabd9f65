/** The JSON command line as a service, so the launcher, the Gogo shell and hosts run the same commands. */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.4.0")
package org.praefectus.api.cli;
