package org.praefectus.api.executor;

import org.osgi.annotation.versioning.ConsumerType;

/**
 * An operator's opt-in to global input for the runtime it runs in, registered for as long as it holds (the daemon
 * registers one while it runs with {@code --allow-input}). Its presence is the opt-in; see {@link GlobalInput}.
 *
 * @since 2.2
 */
@ConsumerType
public interface GlobalInputOptIn {

    /** Who opted in, for the operator's record: {@code praefectus daemon --allow-input}. */
    String source();
}
