package org.praefectus.macos.executor;

import java.util.List;
import java.util.OptionalLong;
import org.praefectus.api.canonical.CanonicalJson;
import org.praefectus.api.canonical.JsonValue;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.executor.ExecutorFailure;
import org.praefectus.macos.quartz.QuartzApi;

/** Process generations: SHA-256 of {@code ["macos-process", pid, start time in µs]}, so a reused PID never matches. */
final class ProcessIdentity {

    private ProcessIdentity() {}

    /** The generation of a running process. */
    static String generation(QuartzApi quartz, long processId) throws ExecutorException {
        OptionalLong start = quartz.processStartMicros(processId);
        if (processId <= 0 || start.isEmpty()) {
            throw new ExecutorException(ExecutorFailure.STALE_TARGET, "target process exited");
        }
        return CanonicalJson.hash(new JsonValue.JsonArray(List.of(
                new JsonValue.JsonString("macos-process"),
                JsonValue.JsonNumber.of(processId),
                JsonValue.JsonNumber.of(start.getAsLong()))));
    }

    /** Refuses when the process exited or its generation changed (a restart that reused the PID). */
    static void require(QuartzApi quartz, long processId, String generation) throws ExecutorException {
        if (!generation(quartz, processId).equals(generation)) {
            throw new ExecutorException(ExecutorFailure.STALE_TARGET, "target process generation changed");
        }
    }
}
