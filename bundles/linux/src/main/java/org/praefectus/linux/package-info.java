/**
 * The Linux platform bundle. It resolves only on Linux: the {@code osgi.native} requirement in bnd.bnd keeps it out
 * of frameworks on other operating systems.
 */
package org.praefectus.linux;
