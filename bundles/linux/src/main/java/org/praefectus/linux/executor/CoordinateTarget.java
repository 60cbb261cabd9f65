package org.praefectus.linux.executor;

import org.praefectus.api.protocol.TargetRef;

/**
 * The executor's own resolved form of a coordinate target: the fenced reference itself, so dispatch can
 * check the fence once more immediately before the first effect.
 *
 * @param target the fenced coordinates
 */
record CoordinateTarget(TargetRef.Coordinates target) {}
