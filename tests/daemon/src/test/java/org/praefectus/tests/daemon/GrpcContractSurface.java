package org.praefectus.tests.daemon;

import com.google.protobuf.UnknownFieldSet;
import io.grpc.ManagedChannel;
import io.grpc.StatusRuntimeException;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import java.util.concurrent.TimeUnit;
import org.praefectus.tests.daemon.contract.v1.ActionResponse;
import org.praefectus.tests.daemon.contract.v1.ClickRequest;
import org.praefectus.tests.daemon.contract.v1.DragRequest;
import org.praefectus.tests.daemon.contract.v1.HotkeyRequest;
import org.praefectus.tests.daemon.contract.v1.MoveMouseRequest;
import org.praefectus.tests.daemon.contract.v1.PasteTextRequest;
import org.praefectus.tests.daemon.contract.v1.PeekabooXGrpc;
import org.praefectus.tests.daemon.contract.v1.Point;
import org.praefectus.tests.daemon.contract.v1.TypeTextRequest;

/**
 * gRPC with stubs from PeekabooX's current contract ({@code src/test/proto}, apart from the daemon's own proto). A
 * status's description and an {@code ok=false} message start with the code ({@code code: message}); {@code ok=true}
 * is a succeeded terminal. The contract's {@code TypeText}, {@code PasteText} and {@code Hotkey} name no element:
 * they go to the focused one.
 */
final class GrpcContractSurface implements ContractSurface {

    /** A field number the contract does not have (a newer client's). */
    static final int UNKNOWN_FIELD = 99;

    private final ManagedChannel channel;
    private final PeekabooXGrpc.PeekabooXBlockingStub stub;

    GrpcContractSurface(Daemon daemon) {
        channel = NettyChannelBuilder.forTarget(daemon.ready.at("/data/grpc").asText())
                .usePlaintext()
                .build();
        stub = PeekabooXGrpc.newBlockingStub(channel);
    }

    @Override
    public String name() {
        return "grpc";
    }

    private static Point point(int x, int y) {
        return Point.newBuilder().setX(x).setY(y).build();
    }

    private ActionResponse call(ContractRequest request) {
        PeekabooXGrpc.PeekabooXBlockingStub call = stub.withDeadlineAfter(120, TimeUnit.SECONDS);
        if (request instanceof ContractRequest.Move move) {
            return call.moveMouse(MoveMouseRequest.newBuilder()
                    .setCoordinates(point(move.x(), move.y()))
                    .build());
        } else if (request instanceof ContractRequest.MoveWithUnknownField move) {
            return call.moveMouse(MoveMouseRequest.newBuilder()
                    .setCoordinates(point(move.x(), move.y()))
                    .setUnknownFields(UnknownFieldSet.newBuilder()
                            .addField(
                                    UNKNOWN_FIELD,
                                    UnknownFieldSet.Field.newBuilder()
                                            .addVarint(1)
                                            .build())
                            .build())
                    .build());
        } else if (request instanceof ContractRequest.ClickAt click) {
            return call.click(ClickRequest.newBuilder()
                    .setCoordinates(point(click.x(), click.y()))
                    .build());
        } else if (request instanceof ContractRequest.ClickOn click) {
            return call.click(ClickRequest.newBuilder()
                    .setSemanticSelector(click.selector())
                    .setWindowTitle(click.windowTitle())
                    .build());
        } else if (request instanceof ContractRequest.Drag drag) {
            return call.drag(DragRequest.newBuilder()
                    .setFrom(point(drag.fromX(), drag.fromY()))
                    .setTo(point(drag.toX(), drag.toY()))
                    .build());
        } else if (request instanceof ContractRequest.Type type) {
            return call.typeText(
                    TypeTextRequest.newBuilder().setText(type.text()).build());
        } else if (request instanceof ContractRequest.Paste paste) {
            return call.pasteText(
                    PasteTextRequest.newBuilder().setText(paste.text()).build());
        } else if (request instanceof ContractRequest.Hotkey hotkey) {
            return call.hotkey(
                    HotkeyRequest.newBuilder().addAllKeys(hotkey.keys()).build());
        }
        throw new IllegalArgumentException(request.toString());
    }

    private static String code(String text) {
        int colon = text.indexOf(':');
        return colon < 0 ? text : text.substring(0, colon);
    }

    @Override
    public Answer send(ContractRequest request) {
        try {
            ActionResponse response = call(request);
            return response.getOk()
                    ? new Answer(Answer.SUCCEEDED, response.toString())
                    : new Answer(code(response.getMessage()), response.toString());
        } catch (StatusRuntimeException refused) {
            String description = String.valueOf(refused.getStatus().getDescription());
            return new Answer(code(description), refused.getStatus().getCode() + " " + description);
        }
    }

    @Override
    public void close() throws InterruptedException {
        channel.shutdownNow().awaitTermination(10, TimeUnit.SECONDS);
    }
}
