package org.praefectus.windows.executor;

import org.praefectus.windows.uia.UiaNode;

/**
 * A fenced target found again: the node read now and the observation it came from.
 *
 * @param node   the element as read at resolution (its second, single-element read)
 * @param record the observation
 */
record LiveNode(UiaNode node, RecordedObservation record) {}
