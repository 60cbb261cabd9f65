/** In-framework tests of the coding-agent bridge: they run inside a real Felix started by bnd-testing-maven-plugin. */
package org.praefectus.tests.bridge;
