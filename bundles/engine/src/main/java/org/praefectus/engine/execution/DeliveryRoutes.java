package org.praefectus.engine.execution;

import org.praefectus.api.protocol.Action;
import org.praefectus.api.protocol.ActionRequest;
import org.praefectus.api.protocol.DeliveryRoute;
import org.praefectus.api.protocol.TargetRef;

/** The route a request names before an executor states one, as the reference derives it. */
final class DeliveryRoutes {

    private DeliveryRoutes() {}

    static DeliveryRoute request(ActionRequest request) {
        Action action = request.action();
        boolean element = request.target() instanceof TargetRef.Element;
        boolean addressed = action instanceof Action.Invoke
                || action instanceof Action.SetValue
                || action instanceof Action.Scroll
                || action instanceof Action.SelectText
                || action instanceof Action.PerformSecondaryAction;
        return element && addressed ? DeliveryRoute.TARGET_ADDRESSED : DeliveryRoute.POINTER;
    }

    /** What the claim records: scroll's route depends on the executor, so it is unknown at claim time. */
    static DeliveryRoute claim(ActionRequest request) {
        return request.action() instanceof Action.Scroll ? DeliveryRoute.UNKNOWN : request(request);
    }
}
