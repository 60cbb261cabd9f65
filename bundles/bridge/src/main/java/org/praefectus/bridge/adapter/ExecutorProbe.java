package org.praefectus.bridge.adapter;

import java.util.Map;

/**
 * An executor's health as found on this host.
 *
 * @param binaryFound  the command was found and ran
 * @param version      the version the CLI printed, or null
 * @param loginState   {@code authenticated}, {@code not_authenticated}, {@code unknown} (the CLI cannot
 *                     tell) or {@code not_detected} (no binary); never "authenticated" without a real check
 * @param loginDetail  a short explanation (never a key or token)
 * @param capabilities feature flags detected from the CLI (e.g. {@code json_events}, {@code auth_status})
 */
public record ExecutorProbe(
        boolean binaryFound, String version, String loginState, String loginDetail, Map<String, Boolean> capabilities) {

    public static final String AUTHENTICATED = "authenticated";
    public static final String NOT_AUTHENTICATED = "not_authenticated";
    public static final String UNKNOWN = "unknown";
    public static final String NOT_DETECTED = "not_detected";

    public ExecutorProbe {
        capabilities = Map.copyOf(capabilities);
    }
}
