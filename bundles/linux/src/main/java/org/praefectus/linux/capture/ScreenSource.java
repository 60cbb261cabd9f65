package org.praefectus.linux.capture;

/**
 * Where the executor's screen captures come from: MIT-SHM on X11, the Screenshot portal on Wayland. Both
 * give the whole screen, or a region of it, in desktop coordinates.
 */
public interface ScreenSource {

    ScreenImage captureScreen() throws CaptureFailure;

    ScreenImage captureRegion(int x, int y, int width, int height) throws CaptureFailure;
}
