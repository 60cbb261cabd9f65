package org.praefectus.tests.remote;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.praefectus.api.canonical.Sha256;
import org.praefectus.api.host.HostKey;
import org.praefectus.api.host.HostSigner;
import org.praefectus.api.host.RequestDraft;
import org.praefectus.api.protocol.Action;
import org.praefectus.api.protocol.InteractionMode;
import org.praefectus.api.protocol.ProtocolJson;
import org.praefectus.api.protocol.SafetyClass;
import org.praefectus.api.protocol.SemanticTargetRef;
import org.praefectus.api.protocol.TargetRef;
import org.praefectus.api.protocol.VerificationPolicy;

/**
 * The test's host: signs {@code invoke} operations through the host kit, each on its own fenced element
 * (element id {@code element(i)}), so the probe's dispatch log names the operation it dispatched.
 */
final class SignedOperations {

    private static final long FAR_FUTURE = 4_000_000_000_000L;

    private final HostSigner signer = new HostSigner(HostKey.generate(), "fleet-host", "key-1", "gen-1");

    String keyEntry() {
        return signer.pinnedIssuer().entry();
    }

    static String operation(int i) {
        return "op-" + i;
    }

    static String element(int i) {
        return Sha256.hex(("element-" + i).getBytes(StandardCharsets.UTF_8));
    }

    /** Operations {@code from} to {@code to - 1}, one signed request a line. */
    Path write(Path file, int from, int to) throws Exception {
        List<String> lines = new ArrayList<>();
        for (int i = from; i < to; i++) {
            lines.add(signed(i));
        }
        Files.write(file, lines, StandardCharsets.UTF_8);
        return file;
    }

    private String signed(int i) throws Exception {
        SemanticTargetRef element =
                new SemanticTargetRef(hash("observation"), 1, hash("provenance"), element(i), hash("fingerprint-" + i));
        return new String(
                ProtocolJson.toJson(ProtocolJson.encode(signer.sign(
                        new RequestDraft(
                                operation(i),
                                "subject-1",
                                "session-1",
                                new Action.Invoke(),
                                new TargetRef.Element(element),
                                InteractionMode.INTERACTIVE,
                                FAR_FUTURE,
                                new VerificationPolicy.None(),
                                SafetyClass.REVERSIBLE),
                        FAR_FUTURE))),
                StandardCharsets.UTF_8);
    }

    private static String hash(String label) {
        return Sha256.hex(label.getBytes(StandardCharsets.UTF_8));
    }

    static List<String> lines(Path file) throws IOException {
        return Files.exists(file) ? Files.readAllLines(file, StandardCharsets.UTF_8) : List.of();
    }
}
