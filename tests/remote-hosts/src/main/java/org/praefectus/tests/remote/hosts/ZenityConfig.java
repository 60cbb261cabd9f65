package org.praefectus.tests.remote.hosts;

import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/** The zenity driver's configuration (PID {@value #PID}). */
@ObjectClassDefinition(id = ZenityConfig.PID)
public @interface ZenityConfig {
    String PID = "org.praefectus.tests.remote.zenity";

    /** The title of the zenity entry window to fill. */
    String title();

    /** The value to set. */
    String value();

    /** Where the signed request is written (first host) or read from (a host that presents it again). */
    String request();

    /** Where the pinned-key entry of the driver's host key is written (first host). */
    String key();

    /** Where the answers go: {@code FIRST|AGAIN <kind> <verified> <replayed> <acknowledgements>}, then {@code DONE}. */
    String results();

    /** {@code true}: present the request already in {@link #request()} instead of observing and signing one. */
    boolean present() default false;
}
