/**
 * The Windows platform bundle. It resolves only on Windows: the {@code osgi.native} requirement in bnd.bnd keeps it
 * out of frameworks on other operating systems (Felix names Windows {@code Win32} or {@code Windows …}).
 */
package org.praefectus.windows;
