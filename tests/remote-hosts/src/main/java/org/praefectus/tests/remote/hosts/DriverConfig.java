package org.praefectus.tests.remote.hosts;

import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/** The operation driver's configuration (PID {@value #PID}). */
@ObjectClassDefinition(id = DriverConfig.PID)
public @interface DriverConfig {
    String PID = "org.praefectus.tests.remote.driver";

    /** Signed requests, one JSON a line. */
    String requests();

    /** Where the results go, one line each: {@code RESULT <operation> <terminal kind> <replayed>}, then {@code DONE}. */
    String results();

    /** The driver starts when this file exists (so every host starts at once). */
    String start();

    /**
     * A pause after each operation (ms, default 0): spreads a run over time, so a fault the test injects meets
     * operations while it lasts and after it ends.
     */
    long pause_ms() default 0;
}
