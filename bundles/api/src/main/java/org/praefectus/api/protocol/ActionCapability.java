package org.praefectus.api.protocol;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * One action an executor can perform, with the route its effect takes and whether it can run in the
 * background.
 *
 * @param action            the action kind, as in {@code ActionRequest.action.kind} (for example {@code invoke})
 * @param deliveryRoute     how the effect reaches the target
 * @param backgroundSupport whether the action can run while a person uses the session
 */
public record ActionCapability(
        @JsonProperty("action") String action,
        @JsonProperty("delivery_route") DeliveryRoute deliveryRoute,
        @JsonProperty("background_support") BackgroundSupport backgroundSupport) {

    public ActionCapability {
        requireNonNull(action, "action");
        requireNonNull(deliveryRoute, "delivery_route");
        requireNonNull(backgroundSupport, "background_support");
        if (action.isBlank()) {
            throw new IllegalArgumentException("action must not be blank");
        }
    }
}
