/**
 * The resident host: the long-running runtime ({@code praefectus daemon}) acting as a host with its own
 * key, the operator's gates and its capability profile. Surfaces that run inside that runtime (the
 * desktop verbs of the CLI, IPC and gRPC) propose actions to it; only it signs. A short-lived process
 * never holds authority, so the service is registered only by the resident runtime.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.0.0")
package org.praefectus.api.resident;
