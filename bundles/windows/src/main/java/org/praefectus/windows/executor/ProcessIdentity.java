package org.praefectus.windows.executor;

import java.util.List;
import java.util.OptionalLong;
import org.praefectus.api.canonical.CanonicalJson;
import org.praefectus.api.canonical.JsonValue;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.executor.ExecutorFailure;
import org.praefectus.windows.uia.UiaApi;

/** Process generations: SHA-256 of {@code ["windows-process", pid, creation time]}, so a reused PID never matches. */
final class ProcessIdentity {

    private ProcessIdentity() {}

    static String generation(UiaApi uia, long processId) throws ExecutorException {
        OptionalLong created = uia.processCreationTime(processId);
        if (processId <= 0 || created.isEmpty()) {
            throw new ExecutorException(ExecutorFailure.STALE_TARGET, "target process exited");
        }
        return CanonicalJson.hash(new JsonValue.JsonArray(List.of(
                new JsonValue.JsonString("windows-process"),
                JsonValue.JsonNumber.of(processId),
                JsonValue.JsonNumber.of(created.getAsLong()))));
    }

    static void require(UiaApi uia, long processId, String generation) throws ExecutorException {
        if (!generation(uia, processId).equals(generation)) {
            throw new ExecutorException(ExecutorFailure.STALE_TARGET, "target process generation changed");
        }
    }
}
