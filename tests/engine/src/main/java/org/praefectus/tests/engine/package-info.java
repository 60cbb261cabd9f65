/** In-framework tests of the engine: they run inside a real Felix started by bnd-testing-maven-plugin. */
package org.praefectus.tests.engine;
