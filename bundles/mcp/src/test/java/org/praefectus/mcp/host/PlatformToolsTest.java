package org.praefectus.mcp.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code capture_backends} and {@code preflight} read their arguments into the platform's typed request (no command
 * line between them): an argument the tool does not take is an invalid argument and a value the request refuses a
 * usage error, before any service is asked; a runtime without the platform's service says so. The platform's answers through the
 * real services are checked in tests/mcp-client's stdio session on the test desktop.
 */
class PlatformToolsTest {

    @TempDir
    Path state;

    @Test
    void argumentsTheToolDoesNotTakeAndValuesTheRequestRefusesStopBeforeAnythingRuns() throws Exception {
        try (HostFixture fixture = new HostFixture(state)) {
            Tool backends = new CaptureBackendsTool(fixture.services());
            Tool preflight = new PreflightTool(fixture.services(), fixture.audit());
            for (Map<String, Object> args : List.of(
                    Map.<String, Object>of("probe", "everything"),
                    Map.<String, Object>of("format", "gif"),
                    Map.<String, Object>of("region", "1,2"))) {
                ToolResult refused = backends.call(args, HostFixture.call());
                assertEquals("usage", ((Map<?, ?>) refused.structured().get("error")).get("code"), args.toString());
            }
            assertThrows(
                    ToolArguments.InvalidArgument.class,
                    () -> backends.call(Map.of("output", "x.png"), HostFixture.call()));
            assertThrows(
                    ToolArguments.InvalidArgument.class,
                    () -> preflight.call(Map.of("categories", "display"), HostFixture.call()));
            assertThrows(
                    ToolArguments.InvalidArgument.class,
                    () -> preflight.call(Map.of("categories", List.of("display"), "strict", true), HostFixture.call()));
        }
    }

    @Test
    void aRuntimeWithoutThePlatformsServiceSaysSo() throws Exception {
        try (HostFixture fixture = new HostFixture(state)) {
            for (Tool tool : List.of(
                    new CaptureBackendsTool(fixture.services()),
                    new PreflightTool(fixture.services(), fixture.audit()))) {
                ToolResult none = tool.call(Map.of(), HostFixture.call());
                assertEquals(
                        "command_unavailable", ((Map<?, ?>) none.structured().get("error")).get("code"), tool.name());
            }
        }
    }
}
