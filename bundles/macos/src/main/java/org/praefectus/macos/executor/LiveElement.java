package org.praefectus.macos.executor;

import org.praefectus.macos.ax.AxElement;
import org.praefectus.nativecore.RecordedObservation;

/**
 * A fenced target found again in the live tree, with facts read now.
 *
 * @param element     the live element
 * @param application its application element
 * @param facts       its facts, read at resolution
 * @param record      the observation it came from
 */
record LiveElement(
        AxElement element,
        AxElement application,
        ElementFacts facts,
        RecordedObservation<MacWindow, ElementPath> record) {

    long processId() {
        return record.window().info().processId();
    }
}
