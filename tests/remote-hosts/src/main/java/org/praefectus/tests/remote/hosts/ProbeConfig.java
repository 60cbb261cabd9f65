package org.praefectus.tests.remote.hosts;

import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/** The probe executor's configuration (PID {@value #PID}). */
@ObjectClassDefinition(id = ProbeConfig.PID)
public @interface ProbeConfig {
    String PID = "org.praefectus.tests.remote.probe";

    /** The file every dispatch appends its target element id to, before it returns. */
    String log();

    /** While this file exists and names an element id, that element's dispatch waits after its log line. */
    String hold();
}
