package org.praefectus.engine.execution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.lang.annotation.Annotation;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.praefectus.api.engine.EngineError;
import org.praefectus.api.engine.EngineException;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.protocol.Terminal;

/** The DS façade as SCR drives it: a new ledger path is applied live; a stopped engine says so. */
class EngineComponentTest {

    @TempDir
    Path directory;

    private static EngineConfig config(Path ledger) {
        return new EngineConfig() {
            @Override
            public Class<? extends Annotation> annotationType() {
                return EngineConfig.class;
            }

            @Override
            public String ledger_path() {
                return ledger.toString();
            }

            @Override
            public String executor_target() {
                return "(objectClass=*)";
            }
        };
    }

    @Test
    void theSameObjectServesAfterTheLedgerMovesAndFailsTypedOnceDeactivated() throws Exception {
        TestAuthority host = new TestAuthority();
        ScriptedExecutor executor = new ScriptedExecutor();
        EngineComponent component = new EngineComponent();
        component.bindAuthority(host.verifier());
        component.addExecutor(executor, Map.of());
        component.activate(config(directory.resolve("a/operations.jsonl")));
        assertInstanceOf(
                Terminal.Succeeded.class,
                component
                        .execute(host.request("op-1").build(), new CancellationToken())
                        .terminal());

        component.modified(config(directory.resolve("b/operations.jsonl")));
        assertInstanceOf(
                Terminal.Succeeded.class,
                component
                        .execute(host.request("op-2").build(), new CancellationToken())
                        .terminal());
        assertEquals(2, executor.dispatches.get());

        component.deactivate();
        EngineException stale = assertThrows(
                EngineException.class,
                () -> component.execute(host.request("op-3").build(), new CancellationToken()));
        assertEquals(EngineError.ENGINE_DEACTIVATED, stale.error());
        assertEquals("engine_deactivated", stale.toProtocolError().code());
        assertEquals(2, executor.dispatches.get());
    }
}
