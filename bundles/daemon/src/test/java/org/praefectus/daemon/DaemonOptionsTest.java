package org.praefectus.daemon;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.praefectus.api.cli.CliCommandException;
import org.praefectus.api.host.CapabilityProfile;

class DaemonOptionsTest {

    @Test
    void defaultsAreTheAssistProfileWithClosedGatesOnLoopback() throws Exception {
        DaemonOptions options = DaemonOptions.parse("daemon", List.of(), Map.of("XDG_RUNTIME_DIR", "/run/user/7"));
        assertEquals(CapabilityProfile.ASSIST, options.gates().profile());
        assertFalse(options.gates().allowInput());
        assertEquals("127.0.0.1", options.grpcHost());
        assertEquals(47777, options.grpcPort());
        assertEquals("/run/user/7/praefectus.sock", options.socket().toString());
    }

    @Test
    void theEnvironmentOpensGatesAsPeekabooxDoes() throws Exception {
        DaemonOptions options = DaemonOptions.parse(
                "daemon", List.of(), Map.of("PEEKABOOX_ALLOW_INPUT", "1", "PEEKABOOX_GRPC_TOKEN", "s3cret-token"));
        assertTrue(options.gates().allowInput());
        assertEquals("s3cret-token", options.grpcToken());
        assertFalse(options.toString().contains("s3cret"), "the token never reaches toString");
    }

    @Test
    void aNonLoopbackAddressNeedsAToken() throws Exception {
        CliCommandException refused = assertThrows(
                CliCommandException.class,
                () -> DaemonOptions.parse("daemon", List.of("--grpc-addr", "0.0.0.0:1"), Map.of()));
        assertEquals("usage", refused.code());
        DaemonOptions withToken =
                DaemonOptions.parse("daemon", List.of("--grpc-addr", "0.0.0.0:1", "--grpc-token", "x"), Map.of());
        assertEquals("0.0.0.0", withToken.grpcHost());
        DaemonOptions off = DaemonOptions.parse("daemon", List.of("--grpc-addr", "0.0.0.0:1", "--no-grpc"), Map.of());
        assertFalse(off.grpc());
    }

    @Test
    void badOptionsAreUsageErrors() {
        for (List<String> bad : List.of(
                List.of("--profile", "root"),
                List.of("--sandbox", "strict"),
                List.of("--grpc-addr", "nohost"),
                List.of("--socket", "relative.sock"),
                List.of("--frobnicate"),
                List.of("--profile"))) {
            CliCommandException refused = assertThrows(
                    CliCommandException.class, () -> DaemonOptions.parse("daemon", bad, Map.of()), bad.toString());
            assertEquals("usage", refused.code());
        }
    }

    @Test
    void everyOptionIsReadInBothSpellings() throws Exception {
        DaemonOptions options = DaemonOptions.parse(
                "daemon",
                List.of(
                        "--profile=plan",
                        "--allow-input",
                        "--allow-plugins",
                        "--grpc-addr",
                        "[::1]:0",
                        "--socket=/run/d.sock",
                        "--state-dir",
                        "/var/d",
                        "--sandbox",
                        "basic",
                        "--accessibility-cache-ttl-ms=0",
                        "--no-accessibility-events",
                        "--vision-fallback",
                        "--no-emergency-hotkey"),
                Map.of());
        assertEquals(CapabilityProfile.PLAN, options.gates().profile());
        assertTrue(options.gates().allowInput());
        assertTrue(options.gates().allowPlugins());
        assertEquals("::1", options.grpcHost());
        assertEquals(0, options.grpcPort());
        assertEquals("/run/d.sock", options.socket().toString());
        assertEquals("/var/d", options.stateDirectory().toString());
        assertTrue(options.sandboxBasic());
        assertEquals(0, options.accessibilityCacheTtlMs());
        assertFalse(options.accessibilityEvents());
        assertTrue(options.visionFallback());
        assertFalse(options.emergencyHotkey());
        DaemonOptions defaults = DaemonOptions.parse("run", List.of(), Map.of());
        assertEquals(500, defaults.accessibilityCacheTtlMs());
        assertTrue(defaults.emergencyHotkey());
    }

    @Test
    void mistakesNameTheCommandAndTheOptionNeverTheValue() {
        for (Map.Entry<List<String>, String> c : Map.of(
                        List.of("--frobnicate=secret"), "daemon: unknown option --frobnicate",
                        List.of("--grpc-token"), "daemon: --grpc-token needs a value",
                        List.of("--allow-input", "--allow-input"), "daemon: --allow-input may only be given once",
                        List.of("--socket", "/a", "--socket", "/b"), "daemon: --socket may only be given once",
                        List.of("--no-grpc=yes"), "daemon: --no-grpc takes no value",
                        List.of("serve"), "daemon: takes no positional arguments",
                        List.of("--accessibility-cache-ttl-ms", "-1"),
                                "daemon: --accessibility-cache-ttl-ms takes a whole number from 0 to " + Long.MAX_VALUE,
                        List.of("--state-dir", "state"), "daemon: --socket and --state-dir take absolute paths",
                        List.of("--profile", "root"),
                                "daemon: unknown capability profile (observe, plan, assist, operator)")
                .entrySet()) {
            CliCommandException refused = assertThrows(
                    CliCommandException.class,
                    () -> DaemonOptions.parse("daemon", c.getKey(), Map.of()),
                    c.getKey().toString());
            assertEquals(c.getValue(), refused.getMessage());
            assertEquals("usage", refused.code());
        }
    }
}
