package org.praefectus.mcp.host;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.praefectus.api.engine.EngineError;
import org.praefectus.api.engine.EngineException;
import org.praefectus.api.protocol.ActionAck;
import org.praefectus.api.protocol.ProtocolJson;

/** {@code status}: what the engine's ledger knows of an operation id. */
final class StatusTool implements Tool {

    private final HostServices services;

    StatusTool(HostServices services) {
        this.services = services;
    }

    @Override
    public String name() {
        return "status";
    }

    @Override
    public ToolResult call(Map<String, Object> args, ToolHost.CallContext context) {
        String operationId = ToolArguments.stringArgument(args, "operation_id", true);
        try {
            Optional<ActionAck> ack = services.engine().status(operationId);
            Map<String, Object> body = new LinkedHashMap<>();
            body.put("operation_id", operationId);
            body.put("known", ack.isPresent());
            body.put(
                    "acknowledgement",
                    ack.map(a -> (Object) ToolJson.toMap(ProtocolJson.encode(a)))
                            .orElse(null));
            return ToolResult.ok(body);
        } catch (EngineException e) {
            return ToolResult.failure(
                    e.error().code(),
                    "the operation status could not be read",
                    "check the operation id",
                    e.error() == EngineError.INVALID_REQUEST);
        }
    }
}
