package org.praefectus.mcp.host;

import com.code_intelligence.jazzer.junit.FuzzTest;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.Map;
import org.praefectus.api.protocol.ProtocolException;
import org.praefectus.mcp.host.ToolArguments.InvalidArgument;

/**
 * The {@code act} tool's arguments are whatever a model wrote: for any JSON object (read into a map as the MCP
 * SDK reads {@code tools/call} arguments) the arguments either parse or are refused with
 * {@link InvalidArgument}, which the tool host answers as {@code invalid_arguments}; what a parsed call then
 * computes before it is signed (the action, its verification, fingerprint, audit lengths, the question a person
 * is asked) throws nothing else but {@link ProtocolException}. Any other exception escapes the tool host.
 */
class ActionArgumentsFuzzTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @FuzzTest
    void parse(byte[] input) {
        Map<String, Object> args;
        try {
            @SuppressWarnings("unchecked")
            Map<String, Object> read = JSON.readValue(input, Map.class);
            args = read;
        } catch (IOException notAnObject) {
            return; // the framing refuses it before any tool sees it (JsonRpcFramingFuzzTest)
        }
        if (args == null) {
            return;
        }
        ActionArguments parsed;
        try {
            parsed = ActionArguments.parse(args, ActionArguments.KINDS);
        } catch (InvalidArgument expected) {
            return;
        }
        try {
            parsed.tags();
            parsed.fingerprint();
            parsed.auditLengths();
            parsed.verification(null);
            parsed.confirmationMessage(null, null, 30);
            parsed.action(null);
        } catch (InvalidArgument | ProtocolException expected) {
            // a field the protocol refuses (a key name it does not know, text it cannot carry)
        }
    }
}
