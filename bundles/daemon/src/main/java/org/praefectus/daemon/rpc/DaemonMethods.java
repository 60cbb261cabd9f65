package org.praefectus.daemon.rpc;

import org.osgi.annotation.versioning.ProviderType;

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
}
