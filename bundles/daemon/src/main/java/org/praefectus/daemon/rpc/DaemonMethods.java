package org.praefectus.daemon.rpc;

import org.osgi.annotation.versioning.ProviderType;
import org.praefectus.api.desktop.DesktopException;
import org.praefectus.api.desktop.DesktopProfiles;
import org.praefectus.api.desktop.DesktopService;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.resident.ResidentHost;

/** The daemon's request methods, as the socket serves them, for other network APIs. */
@ProviderType
public interface DaemonMethods {

    /**
     * Runs one method.
     *
     * @param method     a socket method name ({@code capture_delta}, {@code list_windows}, …)
     * @param paramsJson its parameters, a JSON object in UTF-8
     * @return the reply envelope, UTF-8 JSON: {@code {"ok":true,"data":…}} or
     *         {@code {"ok":false,"error":{"code":…,"message":…}}}
     */
    byte[] call(String method, byte[] paramsJson);

    /**
     * Runs one typed call of the desktop service as a request of this daemon: counted in flight (a stop waits for it,
     * the emergency stop cancels it), signed by the daemon's host under its gates and audit.
     *
     * @throws DesktopException the call's own refusal, or {@code unsupported} when this runtime has no desktop service
     * @since 1.1
     */
    <T> T desktop(DesktopCall<T> call) throws DesktopException;

    /**
     * Whether element lookups fall back to vision unless a request says otherwise ({@code daemon --vision-fallback}).
     *
     * @since 1.1
     */
    boolean visionFallback();

    /**
     * Runs one typed call of the desktop profiles as a request of this daemon, as {@link #desktop}: counted in flight,
     * effects signed by the daemon's host under its gates and audit.
     *
     * @throws DesktopException the call's own refusal, or {@code unsupported} when this runtime has no profiles
     * @since 1.2
     */
    <T> T profiles(ProfilesCall<T> call) throws DesktopException;

    /**
     * A typed call of the desktop profiles.
     *
     * @since 1.2
     */
    @FunctionalInterface
    interface ProfilesCall<T> {
        T call(DesktopProfiles profiles, ResidentHost host, CancellationToken cancellation) throws DesktopException;
    }

    /**
     * A typed call of the desktop service.
     *
     * @since 1.1
     */
    @FunctionalInterface
    interface DesktopCall<T> {
        T call(DesktopService desktop, ResidentHost host, CancellationToken cancellation) throws DesktopException;
    }
}
