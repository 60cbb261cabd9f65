package org.praefectus.mcp.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A runtime without the vision bundle: every vision tool is a tool error with a code and a next action, and
 * the refusal is audited; nothing throws. (With vision, the stdio e2e drives the real services.)
 */
class VisionToolsTest {

    @TempDir
    Path dir;

    @Test
    void withoutVisionEveryVisionToolIsAToolErrorWithANextAction() throws Exception {
        try (HostFixture fixture = new HostFixture(dir)) {
            VisionTools tools = new VisionTools(fixture.services(), fixture.audit(), 1_000);
            List<ToolResult> results = List.of(
                    tools.ocr(Map.of(), Progress.NONE),
                    tools.compareImages(Map.of()),
                    tools.detectUiState(Map.of()),
                    tools.detectUiElements(Map.of(), Progress.NONE));
            for (ToolResult result : results) {
                assertTrue(result.error());
                Map<?, ?> error = (Map<?, ?>) result.structured().get("error");
                assertEquals("vision_unavailable", error.get("code"));
                assertTrue(((String) error.get("next_action")).length() > 0);
                assertEquals(true, result.structured().get("retry_safe"));
            }
        }
        List<String> lines = Files.readAllLines(dir.resolve("audit.jsonl"));
        assertEquals(4, lines.size());
        assertTrue(lines.stream().allMatch(l -> l.contains("\"reason\":\"vision_unavailable\"")), lines.toString());
    }
}
