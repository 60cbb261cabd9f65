/** How text a caller gave appears in what Praefectus answers. */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.0.0")
package org.praefectus.api.text;
