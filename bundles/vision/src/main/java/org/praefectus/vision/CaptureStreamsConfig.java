package org.praefectus.vision;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/** Configuration of the capture streams. */
@ObjectClassDefinition(name = "Praefectus capture streams", description = "Per-stream state of incremental capture")
public @interface CaptureStreamsConfig {

    String PID = "org.praefectus.vision.streams";

    /** Streams kept at once; the least recently used is forgotten beyond this. Default 16. */
    @AttributeDefinition(name = "Maximum streams", min = "1")
    int max_streams() default 16;
}
