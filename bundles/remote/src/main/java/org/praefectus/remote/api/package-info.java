/**
 * The wire contract of a remote executor: what a desktop host exports with OSGi Remote Services and an
 * engine host imports. Every argument and answer is protocol JSON in a string (and deadlines in
 * milliseconds), so any distribution provider carries it without knowing the protocol's types.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.0.0")
package org.praefectus.remote.api;
