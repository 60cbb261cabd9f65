package org.slf4j.impl;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.SocketException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.praefectus.logging.LogSettings;
import org.praefectus.logging.ProcessLog;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** slf4j 1.7's LoggerFactory binds this module's StaticLoggerBinder and writes to the process log. */
class Slf4j1ToProcessLogTest {

    @TempDir
    Path state;

    @Test
    void anAriesWarningLandsInTheProcessLog() throws IOException {
        Logger aries = LoggerFactory.getLogger("org.apache.aries.rsa.provider.tcp.TCPServer");
        try (ProcessLog.Handle log = ProcessLog.open(state, "desktop-host", LogSettings.DEFAULT)) {
            aries.warn("Exception while handling client {}", "/10.0.0.2", new SocketException("Connection reset"));
            aries.debug("a library's debug line");
            String text = Files.readString(log.file());
            assertTrue(
                    text.contains(" WARN [main] org.apache.aries.rsa.provider.tcp.TCPServer - Exception while handling"
                            + " client /10.0.0.2\n\tjava.net.SocketException: Connection reset\n"),
                    text);
            assertFalse(text.contains("a library's debug line"), text);
        }
    }
}
