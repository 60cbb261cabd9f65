package org.praefectus.engine.execution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.praefectus.engine.execution.Terminals.terminal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.praefectus.api.engine.EngineError;
import org.praefectus.api.engine.EngineException;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.protocol.Action;
import org.praefectus.api.protocol.ApplicationOperation;
import org.praefectus.api.protocol.AuthorityGrant;
import org.praefectus.api.protocol.FailureCode;
import org.praefectus.api.protocol.ProtocolJson;
import org.praefectus.api.protocol.SemanticTargetRef;
import org.praefectus.api.protocol.TargetRef;
import org.praefectus.api.protocol.Terminal;
import org.praefectus.api.protocol.VerificationPolicy;
import org.praefectus.api.protocol.WindowOperation;

/**
 * Engine outcomes the reference asserts literally: the authority attacks of tests/fencing.rs (from
 * {@code authority-attacks.json}) and the auxiliary-action cases of tests/protocol.rs.
 */
class ReferenceFencingTest {

    private static final ObjectMapper JACKSON = new ObjectMapper();

    @TempDir
    Path directory;

    static Stream<Arguments> attacks() throws IOException {
        JsonNode document;
        try (InputStream in = ReferenceFencingTest.class.getResourceAsStream("authority-attacks.json")) {
            assertNotNull(in, "authority-attacks.json");
            document = JACKSON.readTree(in);
        }
        List<Arguments> cases = new ArrayList<>();
        document.get("cases").forEach(c -> cases.add(Arguments.of(c.get("name").asText(), c)));
        return cases.stream();
    }

    /** tests/fencing.rs {@code unpinned_and_misbound_authority_is_denied_before_the_ledger_exists}. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("attacks")
    void unpinnedAndMisboundAuthorityIsDeniedBeforeTheLedgerExists(String name, JsonNode attack) throws Exception {
        try (EngineFixture fixture = new EngineFixture(directory)) {
            ObjectNode request = (ObjectNode) JACKSON.readTree(ProtocolJson.toJson(
                    ProtocolJson.encode(fixture.host.request(name).build())));
            ObjectNode authority = (ObjectNode) request.get("authority");
            ObjectNode grant = (ObjectNode) authority.get("grant");
            if (attack.has("grant")) {
                attack.get("grant").fields().forEachRemaining(edit -> grant.set(edit.getKey(), edit.getValue()));
            }
            if (attack.has("request")) {
                attack.get("request").fields().forEachRemaining(edit -> request.set(edit.getKey(), replacement(edit)));
            }
            if (attack.has("signature")) {
                authority.put("signature", attack.get("signature").asText());
            }
            if (attack.get("seal").asBoolean()) {
                AuthorityGrant edited = ProtocolJson.parseAuthorityGrant(JACKSON.writeValueAsBytes(grant));
                authority.put("signature", fixture.host.sign(edited));
            }

            EngineException denied = assertThrows(
                    EngineException.class,
                    () -> fixture.engine.execute(JACKSON.writeValueAsBytes(request), new CancellationToken()));

            assertEquals(EngineError.AUTHORITY_DENIED, denied.error(), name);
            assertEquals(0, fixture.executor.dispatches.get());
            assertFalse(Files.exists(fixture.ledgerPath), name);
        }
    }

    private static JsonNode replacement(java.util.Map.Entry<String, JsonNode> edit) throws RuntimeException {
        if (edit.getValue().isTextual() && edit.getValue().asText().equals("element-with-other-element-id")) {
            SemanticTargetRef element = TestAuthority.ELEMENT;
            SemanticTargetRef other = new SemanticTargetRef(
                    element.observationId(),
                    element.generation(),
                    element.provenanceHash(),
                    "e".repeat(64),
                    element.fingerprintHash());
            try {
                return JACKSON.readTree(ProtocolJson.toJson(ProtocolJson.encode(new TargetRef.Element(other))));
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        }
        return edit.getValue();
    }

    /**
     * tests/protocol.rs {@code auxiliary_actions_are_bound_to_signed_targetless_operations}: signed, targetless,
     * unverified auxiliary actions are durable rejections (unsupported) when the executor does not offer them.
     */
    @Test
    void auxiliaryActionsAreBoundToSignedTargetlessOperations() throws Exception {
        try (EngineFixture fixture = new EngineFixture(directory)) {
            Path screens = Files.createDirectories(directory.resolve("screens"));
            List<Action> auxiliary = List.of(
                    new Action.Screenshot(screens.resolve("screen.png").toString()),
                    new Action.Application(ApplicationOperation.LAUNCH, "TextEdit"),
                    new Action.Window(WindowOperation.FOCUS, "TextEdit", null),
                    new Action.Open("https://example.com", null, true),
                    new Action.ClipboardWrite("value"));
            for (int i = 0; i < auxiliary.size(); i++) {
                String operation = "auxiliary-" + i;
                Terminal.Rejected rejected = terminal(
                        fixture.engine.execute(
                                fixture.host
                                        .request(operation)
                                        .action(auxiliary.get(i))
                                        .target(new TargetRef.None())
                                        .verification(new VerificationPolicy.None())
                                        .build(),
                                new CancellationToken()),
                        Terminal.Rejected.class);
                assertEquals(
                        FailureCode.UNSUPPORTED,
                        rejected.code(),
                        auxiliary.get(i).kind());
                assertTrue(
                        fixture.engine.status(operation).isPresent(),
                        auxiliary.get(i).kind());
            }
            assertEquals(0, fixture.executor.dispatches.get());
        }
    }

    /** tests/protocol.rs {@code auxiliary_actions_reject_fenced_targets}. */
    @Test
    void auxiliaryActionsRejectFencedTargets() throws Exception {
        try (EngineFixture fixture = new EngineFixture(directory)) {
            EngineException invalid = assertThrows(
                    EngineException.class,
                    () -> fixture.engine.execute(
                            fixture.host
                                    .request("auxiliary-target")
                                    .action(new Action.ClipboardWrite("value"))
                                    .build(),
                            new CancellationToken()));
            assertEquals(EngineError.INVALID_REQUEST, invalid.error());
            assertFalse(Files.exists(fixture.ledgerPath));
        }
    }
}
