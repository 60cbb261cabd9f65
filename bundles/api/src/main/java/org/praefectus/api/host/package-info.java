/**
 * The host kit: the one way to be a Praefectus host. A host drafts a request ({@link
 * org.praefectus.api.host.RequestDraft}: every field the canonical action hash covers), signs a grant bound
 * to that hash with its own key ({@link org.praefectus.api.host.HostSigner} over a {@link
 * org.praefectus.api.host.HostKey}), and pins its public key in the engine by registering a {@link
 * org.praefectus.api.host.PinnedIssuer} service (the verifier's whiteboard; unregistering unpins it for the
 * next verification). {@link org.praefectus.api.host.HostState} gives a host its private state directory.
 * {@link org.praefectus.api.host.OwnerOnlyAcl} is the rule that makes state private where files have ACLs
 * (Windows). Keys never come from model-controlled input: a host loads or generates them itself.
 *
 * <p>1.2.0: the one policy and audit of every host. {@link org.praefectus.api.host.CapabilityProfile} (PeekabooX's
 * observe, plan, assist, operator) holds PeekabooX's {@link org.praefectus.api.host.Capability}s; a
 * {@link org.praefectus.api.host.HostPolicy} (a profile, the input gate, the plugin gate) decides capabilities,
 * action kinds and plugins as a {@link org.praefectus.api.host.PolicyDecision}; {@link
 * org.praefectus.api.host.AuditLog} writes every decision as an {@link org.praefectus.api.host.AuditLine} of one
 * schema (a private file, keyed content hashes, never content).
 *
 * <p>1.3.0: {@link org.praefectus.api.host.RuntimeCapabilities}, the one table of PeekabooX's tool names by the
 * capability that gates each (MCP's tools and the socket's methods look it up); {@link
 * org.praefectus.api.host.AuditTrail}, the one reader of the audit read-back tools; {@link
 * org.praefectus.api.host.AuditLine#PREFLIGHT}, the preflight gate's line.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.3.0")
package org.praefectus.api.host;
