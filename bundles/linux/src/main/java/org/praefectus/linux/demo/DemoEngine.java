package org.praefectus.linux.demo;

import org.praefectus.api.engine.EngineException;
import org.praefectus.api.engine.ExecuteReport;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.protocol.ActionRequest;

/** The seam between the demo host and the engine that verifies, claims, dispatches and records. */
@FunctionalInterface
interface DemoEngine {
    ExecuteReport execute(ActionRequest request, CancellationToken cancellation) throws EngineException;
}
