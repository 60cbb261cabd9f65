package org.praefectus.mcp.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** The one reading of a workflow's {@code format} argument, which the draft and the recording tools share. */
class WorkflowFormatArgumentTest {

    @Test
    void jsonAndYamlAreTheFormatsAndAbsenceLeavesItToTheFileName() {
        assertEquals("json", ToolArguments.workflowFormat(Map.of("format", "json")));
        assertEquals("yaml", ToolArguments.workflowFormat(Map.of("format", "yaml")));
        assertNull(ToolArguments.workflowFormat(Map.of()));
    }

    @Test
    void anyOtherFormatIsRefusedWithoutShowingIt() {
        for (Object refused : new Object[] {"xml", "YAML", "yml", "", 7}) {
            ToolArguments.InvalidArgument e = assertThrows(
                    ToolArguments.InvalidArgument.class,
                    () -> ToolArguments.workflowFormat(Map.of("format", refused)),
                    String.valueOf(refused));
            assertEquals(
                    refused instanceof String text && !text.isEmpty()
                            ? "format is json or yaml"
                            : "format must be a non-empty string",
                    e.getMessage());
        }
    }
}
