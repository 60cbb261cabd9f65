/**
 * Vision contracts: frames and their pixel formats, visual comparison and capture deltas, UI-state and
 * UI-element detection, OCR, and the screen capture a platform bundle provides. Values are immutable and
 * validated on construction; JSON names are snake_case as in the PeekabooX reference. Failures are
 * {@link org.praefectus.api.vision.VisionException}s with stable codes.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.6.0")
package org.praefectus.api.vision;
