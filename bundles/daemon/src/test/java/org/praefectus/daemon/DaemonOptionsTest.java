package org.praefectus.daemon;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.praefectus.api.cli.CliCommandException;
import org.praefectus.daemon.host.Gates;

class DaemonOptionsTest {

    @Test
    void defaultsAreTheAssistProfileWithClosedGatesOnLoopback() throws Exception {
        DaemonOptions options = DaemonOptions.parse("daemon", List.of(), Map.of("XDG_RUNTIME_DIR", "/run/user/7"));
        assertEquals(Gates.Profile.ASSIST, options.gates().profile());
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
}
