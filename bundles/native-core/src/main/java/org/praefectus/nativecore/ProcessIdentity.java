package org.praefectus.nativecore;

import java.util.List;
import java.util.OptionalLong;
import org.praefectus.api.canonical.CanonicalJson;
import org.praefectus.api.canonical.JsonValue;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.executor.ExecutorFailure;

/**
 * Process generations: SHA-256 of {@code [tag, pid, start time]}, so a process that exited and a new one that
 * reused its PID never match. The platform supplies the start time (macOS {@code sysctl} in µs, Windows
 * {@code GetProcessTimes}' creation time).
 */
public final class ProcessIdentity {

    /** A process's start time, empty when it is not running or cannot be read. */
    @FunctionalInterface
    public interface StartTime {
        OptionalLong of(long processId);
    }

    private final String tag;
    private final StartTime startTime;

    /** @param tag the first element of every hashed generation ({@code macos-process}, {@code windows-process}) */
    public ProcessIdentity(String tag, StartTime startTime) {
        this.tag = tag;
        this.startTime = startTime;
    }

    /** The generation of a running process; a process that exited is a stale target. */
    public String generation(long processId) throws ExecutorException {
        OptionalLong start = processId <= 0 ? OptionalLong.empty() : startTime.of(processId);
        if (start.isEmpty()) {
            throw new ExecutorException(ExecutorFailure.STALE_TARGET, "target process exited");
        }
        return CanonicalJson.hash(new JsonValue.JsonArray(List.of(
                new JsonValue.JsonString(tag),
                JsonValue.JsonNumber.of(processId),
                JsonValue.JsonNumber.of(start.getAsLong()))));
    }

    /** Refuses when the process exited or its generation changed (a restart that reused the PID). */
    public void require(long processId, String generation) throws ExecutorException {
        if (!generation(processId).equals(generation)) {
            throw new ExecutorException(ExecutorFailure.STALE_TARGET, "target process generation changed");
        }
    }
}
