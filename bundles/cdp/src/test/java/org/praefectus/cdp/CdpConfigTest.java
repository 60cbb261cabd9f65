package org.praefectus.cdp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.executor.ExecutorFailure;
import org.praefectus.api.protocol.SessionIsolation;

/** The host-constructed configuration: exact IPv4 loopback only, bound to a live browser process generation. */
class CdpConfigTest {

    private static final long SELF = ProcessHandle.current().pid();

    private static String selfGeneration() throws CdpConfigException {
        return CdpConfig.processGeneration(SELF);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "localhost:9222",
                "[::1]:9222",
                "::1",
                "[::ffff:127.0.0.1]:9222",
                "10.0.0.1:9222",
                "127.0.0.2:9222",
                "127.1:9222",
                "0.0.0.0:9222",
                "192.168.1.10:9222",
                "ws://127.0.0.1:9222",
                "http://127.0.0.1:9222/",
                "127.0.0.1:9222/json",
                "user@127.0.0.1:9222",
                "127.0.0.1",
                "127.0.0.1:",
                "127.0.0.1:0",
                "127.0.0.1:09222",
                "127.0.0.1:65536",
                "127.0.0.1:+9222",
                " 127.0.0.1:9222",
                "127.0.0.1:9222 ",
                "127.000.0.1:9222",
                "example.com:9222"
            })
    void refusesEveryEndpointButExactIpv4Loopback(String endpoint) {
        assertThrows(
                CdpConfigException.class, () -> CdpConfig.sharedDesktop(endpoint, "ABC123", SELF, selfGeneration()));
    }

    @Test
    void acceptsExactLoopbackAndDefaultsToSharedDesktop() throws Exception {
        CdpConfig config = CdpConfig.sharedDesktop("127.0.0.1:9222", "ABC123", SELF, selfGeneration());
        assertEquals(9222, config.port());
        assertEquals(SessionIsolation.SHARED_DESKTOP, config.sessionIsolation());
        assertEquals(
                SessionIsolation.HOST_ISOLATED,
                CdpConfig.hostIsolated("127.0.0.1:9222", "ABC123", SELF, selfGeneration())
                        .sessionIsolation());
    }

    @Test
    void generationIsStableForOneProcessAndDiffersBetweenProcesses() throws Exception {
        assertTrue(selfGeneration().matches("linux-[0-9a-f]{64}"));
        assertEquals(selfGeneration(), CdpConfig.processGeneration(SELF));
        Process other = new ProcessBuilder("sleep", "30").start();
        try {
            assertTrue(!CdpConfig.processGeneration(other.pid()).equals(selfGeneration()));
        } finally {
            other.destroy();
            other.waitFor();
        }
    }

    @Test
    void refusesAWrongGenerationAMissingProcessAndMalformedIdentifiers() throws Exception {
        String generation = selfGeneration();
        String wrong = "linux-" + "0".repeat(64);
        assertThrows(CdpConfigException.class, () -> CdpConfig.sharedDesktop("127.0.0.1:9222", "ABC", SELF, wrong));
        Process gone = new ProcessBuilder("true").start();
        gone.waitFor();
        String goneGeneration = "linux-" + "1".repeat(64);
        assertThrows(
                CdpConfigException.class,
                () -> CdpConfig.sharedDesktop("127.0.0.1:9222", "ABC", gone.pid(), goneGeneration));
        assertThrows(CdpConfigException.class, () -> CdpConfig.processGeneration(gone.pid()));
        assertThrows(CdpConfigException.class, () -> CdpConfig.sharedDesktop("127.0.0.1:9222", "ABC", 0, generation));
        for (String target : new String[] {"", "a/b", "a b", "x".repeat(129), "é"}) {
            assertThrows(
                    CdpConfigException.class,
                    () -> CdpConfig.sharedDesktop("127.0.0.1:9222", target, SELF, generation));
        }
    }

    @Test
    void refusesAProcessThatDoesNotOwnTheEndpoint() throws Exception {
        try (Chromium chromium = Chromium.start()) {
            String target = chromium.open("other.html");
            // a live process with its true generation, but the browser, not this JVM, listens on the port
            CdpConfig impostor = CdpConfig.sharedDesktop(chromium.endpoint(), target, SELF, selfGeneration());
            assertThrows(CdpConfigException.class, () -> CdpExecutor.connect(impostor));
            // and a target the browser does not have
            CdpConfig unknown = CdpConfig.sharedDesktop(
                    chromium.endpoint(), "0000FFFF", chromium.pid(), CdpConfig.processGeneration(chromium.pid()));
            assertThrows(CdpConfigException.class, () -> CdpExecutor.connect(unknown));
            try (CdpExecutor executor = chromium.executor(target)) {
                assertEquals(chromium.pid(), executor.config().browserProcessId());
            }
        }
    }

    @Test
    void aRestartedBrowserMatchesNeitherTheOldConfigurationNorTheOldExecutor() throws Exception {
        Chromium first = Chromium.start();
        String target = first.open("other.html");
        CdpConfig old = first.config(target);
        CdpExecutor executor = CdpExecutor.connect(old);
        first.close();
        try (Chromium second = Chromium.start()) {
            assertThrows(
                    CdpConfigException.class,
                    () -> CdpConfig.sharedDesktop(
                            second.endpoint(), target, old.browserProcessId(), old.processGeneration()));
            assertThrows(
                    CdpConfigException.class,
                    () -> CdpConfig.sharedDesktop(second.endpoint(), target, second.pid(), old.processGeneration()));
            ExecutorException stale = assertThrows(
                    ExecutorException.class,
                    () -> executor.observeSemantic(new CancellationToken(), System.currentTimeMillis() + 5_000));
            assertEquals(ExecutorFailure.STALE_TARGET, stale.failure());
            assertEquals(java.util.List.of(), executor.capabilities().supportedActions());
        } finally {
            executor.close();
        }
    }
}
