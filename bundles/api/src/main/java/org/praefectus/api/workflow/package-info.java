/**
 * PeekabooX's workflows as a typed service: the workflow model (files in {@code peekaboox.workflow.v1}), run
 * results with per-attempt terminals, verification and failure reports, and the built-in templates.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.0.0")
package org.praefectus.api.workflow;
