/** In-framework tests of the Linux bundle: they run inside a real Felix started by bnd-testing-maven-plugin. */
package org.praefectus.tests.linux;
