package org.praefectus.workflow.model;

import org.praefectus.api.protocol.Rect;
import org.praefectus.api.workflow.WorkflowValidationException;

/** PeekabooX's geometry strings in a step: a {@code region} is {@code x,y,width,height}. */
public final class StepGeometry {

    private StepGeometry() {}

    /** The region a step names, with a positive width and height. */
    public static Rect region(String text, int index) throws WorkflowValidationException {
        String[] parts = text.split(",", -1);
        if (parts.length != 4) {
            throw new WorkflowValidationException(index, "region", "must be x,y,width,height");
        }
        long[] values = new long[4];
        try {
            for (int i = 0; i < 4; i++) {
                values[i] = Long.parseLong(parts[i].strip());
            }
        } catch (NumberFormatException e) {
            throw new WorkflowValidationException(index, "region", "must be four integers x,y,width,height");
        }
        if (values[2] <= 0 || values[3] <= 0) {
            throw new WorkflowValidationException(index, "region", "width and height must be positive");
        }
        return new Rect(values[0], values[1], values[2], values[3]);
    }
}
