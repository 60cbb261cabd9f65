/** How network APIs (gRPC) plug into the resident daemon and reach its methods. */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.2.0")
package org.praefectus.daemon.rpc;
