package org.praefectus.mcp.server;

import io.modelcontextprotocol.server.McpSyncServerExchange;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.ElicitResult;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.praefectus.mcp.host.CallCancellation;
import org.praefectus.mcp.host.Confirmer;

/**
 * A yes asked through MCP elicitation. The question waits at most the confirmation window; a cancelled tool
 * call ends the wait at once and withdraws the question ({@code notifications/cancelled} to the client, where
 * the transport can name it). Only {@code accept} with {@code confirm: true} is a yes: an empty accept, a
 * decline or a dismissal are not.
 */
final class ElicitationConfirmer implements Confirmer {

    /** The question's form: one required boolean, no default (a yes is never assumed). */
    static final Map<String, Object> SCHEMA = Map.of(
            "type",
            "object",
            "properties",
            Map.of(
                    "confirm",
                    Map.of(
                            "type",
                            "boolean",
                            "title",
                            "Allow this action",
                            "description",
                            "true allows exactly the action described; anything else refuses it")),
            "required",
            List.of("confirm"));

    private static final ExecutorService QUESTIONS = Executors.newCachedThreadPool(r -> {
        Thread thread = new Thread(r, "praefectus-mcp-confirmation");
        thread.setDaemon(true);
        return thread;
    });

    private final McpSyncServerExchange exchange;
    private final Duration window;
    private final OutgoingElicitations outgoing;

    /**
     * @param outgoing the stdio session's watch of its own requests, or {@code null} where questions cannot be
     *                 withdrawn by id (the wait still ends)
     */
    ElicitationConfirmer(McpSyncServerExchange exchange, Duration window, OutgoingElicitations outgoing) {
        this.exchange = exchange;
        this.window = window;
        this.outgoing = outgoing;
    }

    /** Elicitation when the client declared it; otherwise nobody can be asked. */
    static Confirmer of(McpSyncServerExchange exchange, Duration window, OutgoingElicitations outgoing) {
        McpSchema.ClientCapabilities capabilities = exchange.getClientCapabilities();
        if (capabilities == null || capabilities.elicitation() == null) {
            return Confirmer.UNAVAILABLE;
        }
        return new ElicitationConfirmer(exchange, window, outgoing);
    }

    @Override
    public Answer confirm(String message, CallCancellation cancellation) {
        if (cancellation.isCancelled()) {
            return Answer.CANCELLED;
        }
        String marker = UUID.randomUUID().toString();
        McpSchema.ElicitRequest question = McpSchema.ElicitRequest.builder()
                .message(message)
                .requestedSchema(SCHEMA)
                .meta(Map.of(OutgoingElicitations.MARKER_META, marker))
                .build();
        Future<ElicitResult> answer = QUESTIONS.submit(() -> exchange.createElicitation(question));
        long end = System.nanoTime() + window.toNanos();
        try {
            while (true) {
                if (cancellation.isCancelled()) {
                    withdraw(answer, marker, "the tool call was cancelled");
                    return Answer.CANCELLED;
                }
                long left = end - System.nanoTime();
                if (left <= 0) {
                    withdraw(answer, marker, "the confirmation window closed");
                    return Answer.TIMED_OUT;
                }
                try {
                    ElicitResult result =
                            answer.get(Math.min(left, TimeUnit.MILLISECONDS.toNanos(50)), TimeUnit.NANOSECONDS);
                    return yes(result) ? Answer.ACCEPTED : Answer.DECLINED;
                } catch (TimeoutException stillOpen) {
                    // look at the cancellation again
                }
            }
        } catch (ExecutionException e) {
            return Answer.UNAVAILABLE;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            withdraw(answer, marker, "the server is stopping");
            return Answer.CANCELLED;
        } finally {
            if (outgoing != null) {
                outgoing.forget(marker);
            }
        }
    }

    static boolean yes(ElicitResult result) {
        return result != null
                && result.action() == ElicitResult.Action.ACCEPT
                && result.content() != null
                && Boolean.TRUE.equals(result.content().get("confirm"));
    }

    private void withdraw(Future<ElicitResult> answer, String marker, String reason) {
        answer.cancel(true);
        if (outgoing != null) {
            outgoing.withdraw(marker, reason);
        }
    }
}
