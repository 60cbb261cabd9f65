package org.praefectus.daemon.ipc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.praefectus.api.executor.CancellationToken;

/**
 * The socket's {@code status}, {@code capabilities} and {@code surfaces} in their one place: {@code status} without an
 * operation id is the daemon's own status and needs no engine; with one, and the other two, ask the engine, and say
 * so when no executor is active.
 */
class SocketEngineTest {

    private static final Map<String, Object> DAEMON_STATUS = Map.of("ok", true, "version", "peekaboox.v1");

    /** A daemon with no active executor, as {@code IpcMethods} answers for one. */
    private static final SocketEngine NO_EXECUTOR = new SocketEngine(
            () -> {
                throw new IpcException("executor_unavailable", "no executor is active for this desktop");
            },
            () -> DAEMON_STATUS);

    private static Object call(String method, String params) throws Exception {
        return NO_EXECUTOR.call(
                method, new RequestFields(method, Replies.JSON.readTree(params)), new CancellationToken());
    }

    @Test
    void statusWithoutAnOperationIdIsTheDaemonsOwnAndNeedsNoEngine() throws Exception {
        assertEquals(DAEMON_STATUS, call("status", "{}"));
        assertEquals(DAEMON_STATUS, call("status", "{\"operation_id\":null}"));
    }

    @Test
    void anOperationsStatusCapabilitiesAndSurfacesAskTheEngine() {
        for (String[] request :
                new String[][] {{"status", "{\"operation_id\":\"op-1\"}"}, {"capabilities", "{}"}, {"surfaces", "{}"}
                }) {
            IpcException refused = assertThrows(IpcException.class, () -> call(request[0], request[1]), request[0]);
            assertEquals("executor_unavailable", refused.code(), request[0]);
        }
    }

    @Test
    void anEngineMethodTakesOnlyItsOwnFields() {
        assertEquals(
                "unsupported_field",
                assertThrows(IpcException.class, () -> call("capabilities", "{\"verbose\":true}"))
                        .code());
        assertEquals(
                "unsupported_field",
                assertThrows(IpcException.class, () -> call("status", "{\"operation_id\":\"op-1\",\"x\":1}"))
                        .code());
    }
}
