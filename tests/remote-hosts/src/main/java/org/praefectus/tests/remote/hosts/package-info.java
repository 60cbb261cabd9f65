/** Test-only components of the remote test hosts: a probe executor (desktop host) and an operation driver (engine host). */
package org.praefectus.tests.remote.hosts;
