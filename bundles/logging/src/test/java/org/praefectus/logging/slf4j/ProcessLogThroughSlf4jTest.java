package org.praefectus.logging.slf4j;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.praefectus.logging.LogLevel;
import org.praefectus.logging.LogSettings;
import org.praefectus.logging.ProcessLog;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** slf4j's LoggerFactory finds this bundle's provider (META-INF/services) and writes through the gate. */
class ProcessLogThroughSlf4jTest {

    private static final Logger OWN = LoggerFactory.getLogger("org.praefectus.test.Own");
    private static final Logger LIBRARY = LoggerFactory.getLogger("org.eclipse.jetty.Library");

    @TempDir
    Path state;

    @Test
    void nothingIsWrittenBeforeOpenThenTheLevelFiltersAndLibrariesStayAtInfo() throws IOException {
        OWN.info("before open: kept nowhere");
        OWN.warn("before open: held for the log");
        assertFalse(Files.exists(state.resolve("logs")), "no file before a command opens the log");

        String text;
        try (ProcessLog.Handle log = ProcessLog.open(state, "daemon", LogSettings.DEFAULT)) {
            assertEquals(state.resolve("logs/daemon.log"), log.file());
            OWN.debug("debug at info level");
            OWN.info("refused {}: {}", "call_plugin_tool", "plugins_not_allowed");
            OWN.error("an internal error", new IllegalStateException("broken\nforged line"));
            text = Files.readString(log.file());
            assertEquals(
                    "rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(state.resolve("logs"))));
            assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(log.file())));
        }
        assertTrue(text.contains(" WARN [main] org.praefectus.test.Own - before open: held for the log\n"), text);
        assertFalse(text.contains("kept nowhere"), text);
        assertFalse(text.contains("debug at info level"), "DEBUG is absent at INFO: " + text);
        assertTrue(
                text.contains(" INFO [main] org.praefectus.test.Own - refused call_plugin_tool: plugins_not_allowed\n"),
                text);
        assertTrue(text.contains("\tjava.lang.IllegalStateException: broken\\nforged line\n"), text);
        assertFalse(text.contains("\nforged line"), "an event cannot forge a line: " + text);
    }

    @Test
    void atDebugOwnDebugIsKeptButALibrarysDebugIsNot() throws IOException {
        try (ProcessLog.Handle log = ProcessLog.open(state, "bridge", LogSettings.DEFAULT.withLevel(LogLevel.DEBUG))) {
            OWN.debug("own debug");
            LIBRARY.debug("library debug: a request header");
            LIBRARY.info("library info");
            String text = Files.readString(log.file());
            assertTrue(text.contains("own debug"), text);
            assertFalse(text.contains("a request header"), text);
            assertTrue(text.contains("library info"), text);
        }
        OWN.error("after close: the file takes nothing more");
        assertFalse(Files.readString(state.resolve("logs/bridge.log")).contains("after close"));
    }
}
