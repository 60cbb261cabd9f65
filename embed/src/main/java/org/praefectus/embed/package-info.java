/** Embedding the Praefectus runtime in a host's JVM: {@link org.praefectus.embed.EmbeddedPraefectus}. */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.1.0")
package org.praefectus.embed;
