package org.praefectus.api.protocol;

import static org.praefectus.api.protocol.Checks.present;

import java.util.List;

/**
 * What happened, in hashes and backend metadata only: no screenshot, text or value ever appears here.
 *
 * @param protocolVersion     protocol version, 2
 * @param actionName          the action's {@code kind}, or {@code unknown} when recovered
 * @param actionHash          the normalized action hash
 * @param startedAtMs         dispatch start
 * @param finishedAtMs        dispatch end
 * @param backend             the backend that dispatched
 * @param fallbackChain       backends tried before it
 * @param deliveryRoute       the route the effect took
 * @param sessionIsolation    the executor's session isolation
 * @param interactionMode     the requested interaction mode
 * @param contextPreservation what the sentinels observed
 * @param effect              what is proven about the effect
 * @param before              evidence before dispatch, or {@code null}
 * @param after               evidence after dispatch, or {@code null}
 * @param warnings            why the effect is not stronger
 */
public record Receipt(
        int protocolVersion,
        String actionName,
        String actionHash,
        long startedAtMs,
        long finishedAtMs,
        String backend,
        List<String> fallbackChain,
        DeliveryRoute deliveryRoute,
        SessionIsolation sessionIsolation,
        InteractionMode interactionMode,
        ContextPreservation contextPreservation,
        Effect effect,
        Evidence before,
        Evidence after,
        List<String> warnings) {

    public Receipt {
        Checks.u16(protocolVersion, "protocol_version");
        present(actionName, "action_name");
        present(actionHash, "action_hash");
        present(backend, "backend");
        fallbackChain = Checks.list(fallbackChain, "fallback_chain");
        present(deliveryRoute, "delivery_route");
        present(sessionIsolation, "session_isolation");
        present(interactionMode, "interaction_mode");
        present(contextPreservation, "context_preservation");
        present(effect, "effect");
        warnings = Checks.list(warnings, "warnings");
    }
}
