package org.praefectus.mcp.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.modelcontextprotocol.json.schema.jackson2.DefaultJsonSchemaValidator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Issue 35: an unknown field was refused by the SDK's own input check with text only, where the socket and gRPC
 * answer {@code unsupported_field}. The server checks arguments itself, against the same schemas it lists.
 */
class ToolInputCheckTest {

    private final ToolInputCheck moveMouse = new ToolInputCheck(
            ToolCatalog.definitions().stream()
                    .filter(d -> d.name().equals("move_mouse"))
                    .findFirst()
                    .orElseThrow()
                    .input(),
            new DefaultJsonSchemaValidator(new ObjectMapper()));

    @Test
    void argumentsTheSchemaAcceptsPass() {
        assertEquals(Optional.empty(), moveMouse.refusal(Map.of("x", 10, "y", 20)));
        assertEquals(Optional.empty(), moveMouse.refusal(null));
    }

    @Test
    void anUnknownFieldIsUnsupportedFieldNamingIt() {
        Map<String, Object> args = new LinkedHashMap<>(Map.of("x", 10, "y", 20));
        args.put("warp", true);
        ToolInputCheck.Refusal refusal = moveMouse.refusal(args).orElseThrow();
        assertEquals("unsupported_field", refusal.code());
        assertTrue(refusal.message().contains("warp"), refusal.message());
    }

    @Test
    void anUnprintableOrLongFieldNameIsNotEchoed() {
        String secret = "s".repeat(200);
        ToolInputCheck.Refusal refusal =
                moveMouse.refusal(Map.of("x", 1, "y", 1, secret, 1)).orElseThrow();
        assertFalse(refusal.message().contains(secret), refusal.message());
        ToolInputCheck.Refusal control =
                moveMouse.refusal(Map.of("x", 1, "y", 1, "a\nforged", 1)).orElseThrow();
        assertFalse(control.message().contains("\n"), control.message());
    }

    @Test
    void aValueOfTheWrongTypeIsInvalidArgumentsWithoutTheValue() {
        ToolInputCheck.Refusal refusal =
                moveMouse.refusal(Map.of("x", "secret-text-42", "y", 20)).orElseThrow();
        assertEquals("invalid_arguments", refusal.code());
        assertTrue(refusal.message().contains("x"), refusal.message());
        assertFalse(refusal.message().contains("secret-text-42"), refusal.message());
    }
}
