package org.praefectus.api.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The reference's literal request cases (tschk/praefectus 0.8.0: tests/protocol.rs, tests/conformance.rs,
 * tests/fencing.rs, and the field and operation sets of src/lib.rs), each accepted or refused here exactly
 * as there. The cases live in {@code reference/request-cases.json}; every case names the reference test or
 * rule it comes from.
 */
class ReferenceRequestCasesTest {

    private static final ObjectMapper JACKSON = new ObjectMapper();
    private static final Pattern REPEAT = Pattern.compile("\\$\\{(.)\\*(\\d+)}");

    @TempDir
    static Path directory;

    static Stream<Arguments> cases() throws IOException {
        JsonNode document;
        try (InputStream in = ReferenceRequestCasesTest.class.getResourceAsStream("reference/request-cases.json")) {
            assertNotNull(in, "reference/request-cases.json");
            document = JACKSON.readTree(in);
        }
        List<Arguments> cases = new ArrayList<>();
        for (JsonNode c : document.get("cases")) {
            cases.add(Arguments.of(c.get("name").asText(), c.get("source").asText(), document.get("base"), c));
        }
        return cases.stream();
    }

    @ParameterizedTest(name = "{0} ({1})")
    @MethodSource("cases")
    void theReferenceOutcome(String name, String source, JsonNode base, JsonNode c) throws Exception {
        String expected = c.get("expect").asText();
        String actual;
        try {
            ProtocolJson.parseActionRequest(request(base, c));
            actual = "valid";
        } catch (ProtocolException e) {
            actual = e.code().code();
        }
        assertEquals(expected, actual, name + " from " + source);
    }

    /** The base request with the case's edits, as JSON bytes. */
    private static byte[] request(JsonNode base, JsonNode c) throws IOException {
        ObjectNode request = base.deepCopy();
        for (String field : List.of("action", "target", "verification", "interaction_mode")) {
            if (c.has(field)) {
                request.set(field, c.get(field));
            }
        }
        for (String version : List.of("action_version", "verification_version")) {
            if (c.has(version)) {
                request.put(version, c.get(version).asInt());
            }
        }
        String rawField = c.has("raw_field") ? c.get("raw_field").get(0).asText() : null;
        if (c.has("raw_action")) {
            request.put("action", "@raw-action@");
        }
        if (rawField != null) {
            request.put(rawField, "@raw-field@");
        }
        String text = JACKSON.writeValueAsString(request);
        if (c.has("raw_action")) {
            text = text.replace("\"@raw-action@\"", c.get("raw_action").asText());
        }
        if (rawField != null) {
            text = text.replace("\"@raw-field@\"", c.get("raw_field").get(1).asText());
        }
        Path screenshots = Files.createDirectories(directory.resolve("screenshots"));
        text = text.replace("${tmp}", screenshots.toString());
        Matcher repeat = REPEAT.matcher(text);
        StringBuilder expanded = new StringBuilder();
        while (repeat.find()) {
            repeat.appendReplacement(
                    expanded, Matcher.quoteReplacement(repeat.group(1).repeat(Integer.parseInt(repeat.group(2)))));
        }
        repeat.appendTail(expanded);
        return expanded.toString().getBytes(StandardCharsets.UTF_8);
    }
}
