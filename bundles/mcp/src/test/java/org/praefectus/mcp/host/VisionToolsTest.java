package org.praefectus.mcp.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.praefectus.api.engine.Engine;
import org.praefectus.api.executor.Executor;
import org.praefectus.api.plugin.PluginTool;
import org.praefectus.api.vision.ImageCodec;
import org.praefectus.api.vision.OcrEngine;
import org.praefectus.api.vision.ScreenCapture;
import org.praefectus.api.vision.UiElementDetector;
import org.praefectus.api.vision.UiStateDetector;
import org.praefectus.api.vision.VisualComparator;

/**
 * A runtime without the vision bundle: every vision tool is a tool error with a code and a next action, and
 * the refusal is audited; nothing throws. (With vision, the stdio e2e drives the real services.)
 */
class VisionToolsTest {

    @TempDir
    Path dir;

    /** The services of a runtime that has no vision bundle (and no desktop). */
    private static final HostServices WITHOUT_VISION = new HostServices() {
        @Override
        public Engine engine() {
            throw new AssertionError("the vision tools never reach the engine");
        }

        @Override
        public Optional<Executor> executor() {
            return Optional.empty();
        }

        @Override
        public Optional<ScreenCapture> screenCapture() {
            return Optional.empty();
        }

        @Override
        public Optional<ImageCodec> imageCodec() {
            return Optional.empty();
        }

        @Override
        public Optional<OcrEngine> ocrEngine() {
            return Optional.empty();
        }

        @Override
        public Optional<VisualComparator> visualComparator() {
            return Optional.empty();
        }

        @Override
        public Optional<UiStateDetector> uiStateDetector() {
            return Optional.empty();
        }

        @Override
        public Optional<UiElementDetector> uiElementDetector() {
            return Optional.empty();
        }

        @Override
        public List<PluginTool> pluginTools() {
            return List.of();
        }
    };

    @Test
    void withoutVisionEveryVisionToolIsAToolErrorWithANextAction() throws Exception {
        Path auditFile = dir.resolve("audit.jsonl");
        try (AuditLog audit = new AuditLog(auditFile, Clock.systemUTC())) {
            VisionTools tools = new VisionTools(WITHOUT_VISION, audit, 1_000);
            List<ToolResult> results = List.of(
                    tools.ocr(Map.of()),
                    tools.compareImages(Map.of()),
                    tools.detectUiState(Map.of()),
                    tools.detectUiElements(Map.of()));
            for (ToolResult result : results) {
                assertTrue(result.error());
                Map<?, ?> error = (Map<?, ?>) result.structured().get("error");
                assertEquals("vision_unavailable", error.get("code"));
                assertTrue(((String) error.get("next_action")).length() > 0);
                assertEquals(true, result.structured().get("retry_safe"));
            }
        }
        List<String> lines = Files.readAllLines(auditFile);
        assertEquals(4, lines.size());
        assertTrue(lines.stream().allMatch(l -> l.contains("\"reason\":\"vision_unavailable\"")), lines.toString());
    }
}
