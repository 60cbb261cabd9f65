/** The service each platform bundle registers to report what its operating system really allows. */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.0.0")
package org.praefectus.api.platform;
