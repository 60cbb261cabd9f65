package org.praefectus.remote;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/**
 * One exported executor of a desktop host (factory PID {@value #PID}, one configuration per executor).
 * Every property is also a property of the exported service, which is how Remote Services reads it.
 */
@ObjectClassDefinition(
        id = ExportConfig.PID,
        name = "Praefectus exported executor",
        description = "Serves one local executor to engine hosts with OSGi Remote Services (the praefectus.tcp link).")
public @interface ExportConfig {
    /** The factory configuration PID. */
    String PID = "org.praefectus.remote.export";

    /**
     * Which local executor to serve (property {@code executor.target}), for example
     * {@code (praefectus.executor.backend=linux-atspi)}. Default: any executor.
     */
    @AttributeDefinition(name = "Executor filter", required = false)
    String executor_target() default "(praefectus.executor.backend=*)";

    /** The backend name engine hosts see (property {@code praefectus.executor.backend}). No default. */
    @AttributeDefinition(name = "Backend")
    String praefectus_executor_backend();

    /** This desktop host's name in the fleet (property {@code praefectus.desktop.id}). No default. */
    @AttributeDefinition(name = "Desktop id")
    String praefectus_desktop_id();

    /**
     * The TCP port the executor is served on (property {@code praefectus.tcp.port}); engine hosts name it in
     * their endpoint configuration. No default: a fixed port per exported executor.
     */
    @AttributeDefinition(name = "Port", min = "1", max = "65535")
    int praefectus_tcp_port();

    /**
     * The address written into the endpoint description (property {@code praefectus.tcp.address}). The
     * server listens on every interface: reach it only over a link that only engine hosts share.
     */
    @AttributeDefinition(name = "Advertised address", required = false)
    String praefectus_tcp_address() default "";
}
