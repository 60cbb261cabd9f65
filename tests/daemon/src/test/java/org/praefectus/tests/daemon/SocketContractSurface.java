package org.praefectus.tests.daemon;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;

/** The daemon's JSON-lines socket, one persistent connection: {@code {"method":M,"params":{…}}}, one envelope back. */
final class SocketContractSurface implements ContractSurface {

    private final Daemon.Client client;

    SocketContractSurface(Daemon daemon) throws IOException {
        this.client = daemon.connect();
    }

    @Override
    public String name() {
        return "socket";
    }

    static ObjectNode line(ContractRequest request) {
        ObjectNode line = Daemon.JSON.createObjectNode();
        ObjectNode params = Daemon.JSON.createObjectNode();
        if (request instanceof ContractRequest.Move move) {
            line.put("method", "move_mouse");
            params.put("x", move.x()).put("y", move.y());
        } else if (request instanceof ContractRequest.MoveWithUnknownField move) {
            line.put("method", "move_mouse");
            params.put("x", move.x()).put("y", move.y()).put("warp", 1);
        } else if (request instanceof ContractRequest.ClickAt click) {
            line.put("method", "click");
            params.put("x", click.x()).put("y", click.y());
        } else if (request instanceof ContractRequest.ClickOn click) {
            line.put("method", "click");
            params.put("selector", click.selector()).put("window_title", click.windowTitle());
        } else if (request instanceof ContractRequest.Drag drag) {
            line.put("method", "drag");
            params.put("from_x", drag.fromX())
                    .put("from_y", drag.fromY())
                    .put("to_x", drag.toX())
                    .put("to_y", drag.toY());
        } else if (request instanceof ContractRequest.Type type) {
            line.put("method", "type_text");
            params.put("text", type.text()).put("selector", type.selector()).put("window_title", type.windowTitle());
        } else if (request instanceof ContractRequest.Paste paste) {
            line.put("method", "paste_text");
            params.put("text", paste.text()).put("selector", paste.selector()).put("window_title", paste.windowTitle());
        } else if (request instanceof ContractRequest.Hotkey hotkey) {
            line.put("method", "hotkey");
            hotkey.keys().forEach(params.putArray("keys")::add);
            params.put("selector", hotkey.selector()).put("window_title", hotkey.windowTitle());
        } else if (request instanceof ContractRequest.ScrollOn scroll) {
            line.put("method", "scroll");
            params.put("selector", scroll.selector())
                    .put("window_title", scroll.windowTitle())
                    .put("direction", scroll.direction())
                    .put("amount", scroll.amount());
        } else if (request instanceof ContractRequest.ScrollAt scroll) {
            line.put("method", "scroll");
            params.put("x", scroll.x())
                    .put("y", scroll.y())
                    .put("direction", scroll.direction())
                    .put("amount", scroll.amount());
        } else {
            throw new IllegalArgumentException(request.toString());
        }
        line.set("params", params);
        return line;
    }

    @Override
    public Answer send(ContractRequest request) throws IOException {
        JsonNode reply = client.call(line(request).toString());
        return reply.path("ok").asBoolean()
                ? new Answer(reply.at("/data/status").asText(), reply.toString())
                : new Answer(reply.at("/error/code").asText(), reply.toString());
    }

    @Override
    public void close() throws IOException {
        client.close();
    }
}
