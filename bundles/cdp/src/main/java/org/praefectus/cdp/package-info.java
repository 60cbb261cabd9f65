/**
 * The Chrome DevTools Protocol executor. A browser host constructs a {@link org.praefectus.cdp.CdpConfig} (an
 * exact IPv4 loopback endpoint, one target bound to a live browser process and its generation, the session
 * isolation it built) and connects a {@link org.praefectus.cdp.CdpExecutor}, which implements the
 * {@link org.praefectus.api.executor.Executor} SPI for that one page: semantic observation of its root frame and
 * same-origin iframes (in parts when the page is too large for one),
 * fenced {@code invoke}, single-step element or page {@code scroll} and {@code set_value} (a {@code <select>}'s
 * option by its label, too); {@link org.praefectus.cdp.CdpExecutor#observePage} adds each element's state and a
 * compact outline for models; {@link org.praefectus.cdp.IsolatedChromium} launches a private, host-owned browser
 * for a {@code host_isolated} configuration. Only fixed functions shipped
 * in this bundle ever run in the page; there is no way to pass JavaScript and no remote endpoint.
 *
 * <p>Exported for hosts: the configuration is library-only, never a CLI or model parameter.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("2.4.0")
package org.praefectus.cdp;
