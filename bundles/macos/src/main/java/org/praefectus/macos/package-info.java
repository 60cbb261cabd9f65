/**
 * The macOS platform bundle. It resolves only on macOS: the {@code osgi.native} requirement in bnd.bnd keeps it out
 * of frameworks on other operating systems (Felix names macOS {@code MacOSX} or {@code Mac OS X}).
 */
package org.praefectus.macos;
