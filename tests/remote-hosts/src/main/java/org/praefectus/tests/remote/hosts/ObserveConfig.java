package org.praefectus.tests.remote.hosts;

import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/** The observe driver's configuration (PID {@value #PID}); {@code executor.target} picks the executor. */
@ObjectClassDefinition(id = ObserveConfig.PID)
public @interface ObserveConfig {
    String PID = "org.praefectus.tests.remote.observe";

    /** The title of the window that must be the active surface before the timed observations begin. */
    String title();

    /** How many observations are timed. */
    int observations() default 1000;

    /** Where they go: {@code LATENCY <µs>} per observation, {@code ELEMENTS <count>} once, then {@code DONE}. */
    String results();
}
