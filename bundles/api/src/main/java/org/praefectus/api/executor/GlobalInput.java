package org.praefectus.api.executor;

import java.util.Map;

/**
 * The operator's opt-in to global pointer and keyboard input, decided in one place. Global input is allowed when the
 * process environment says {@value #ENVIRONMENT}{@code =1} (the reference's rule, for any host), or while a
 * {@link GlobalInputOptIn} service is registered in the framework (a runtime whose operator opted in for the
 * runtime it starts: {@code praefectus daemon --allow-input}). Engines and executors ask here, nowhere else.
 *
 * @since 2.2
 */
public final class GlobalInput {

    /** The environment variable of the reference's opt-in. */
    public static final String ENVIRONMENT = "PRAEFECTUS_ALLOW_GLOBAL_INPUT";

    private GlobalInput() {}

    /** Whether {@code environment} opts in ({@value #ENVIRONMENT}{@code =1}, nothing else). */
    public static boolean optedIn(Map<String, String> environment) {
        return "1".equals(environment.get(ENVIRONMENT));
    }

    /** Whether global input is allowed: the environment opts in, or an operator's opt-in is registered. */
    public static boolean allowed(Map<String, String> environment, GlobalInputOptIn registered) {
        return optedIn(environment) || registered != null;
    }

    /** Why global input is or is not allowed, in words an operator can act on. */
    public static String reason(Map<String, String> environment, GlobalInputOptIn registered) {
        if (registered != null) {
            return "allowed by " + registered.source();
        }
        if (optedIn(environment)) {
            return "allowed by " + ENVIRONMENT + "=1";
        }
        return "not allowed: start the runtime with `praefectus daemon --allow-input` (or " + ENVIRONMENT + "=1)";
    }
}
