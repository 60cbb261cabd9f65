package org.praefectus.mcp.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * Regression (issue 42, defect 6): every refused plugin call said {@code next_action: "check the arguments against
 * the tool's input_schema"}, an untrusted plugin included, which no change of arguments fixes.
 */
class PluginRefusalsTest {

    @Test
    void onlyInvalidArgumentsAreFixedByTheArguments() {
        assertEquals(
                "check the arguments against the tool's input_schema", PluginRefusals.nextAction("invalid_arguments"));
        assertTrue(PluginRefusals.nextAction("untrusted_plugin").contains("pin it in the trust policy"));
        assertTrue(PluginRefusals.nextAction("start_failed").contains("entrypoint"));
        assertTrue(PluginRefusals.nextAction("unknown_tool").contains("list_plugins"));
    }
}
