/** In-framework tests of the plugin SDK: they run inside a real Felix started by bnd-testing-maven-plugin. */
package org.praefectus.tests.plugins;
