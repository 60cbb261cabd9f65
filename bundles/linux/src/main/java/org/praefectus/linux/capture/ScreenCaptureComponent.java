package org.praefectus.linux.capture;

import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.praefectus.api.capture.CaptureException;
import org.praefectus.api.capture.Frame;
import org.praefectus.api.capture.ScreenCapture;
import org.praefectus.linux.x11.X11Refusal;
import org.praefectus.linux.x11.X11Session;

/**
 * Registers {@link ScreenCapture} for the X display of this process's environment. The session is opened
 * on first use (the desktop may start after the framework) and reopened when it breaks.
 */
@Component(service = ScreenCapture.class)
public final class ScreenCaptureComponent implements ScreenCapture {

    private X11Session session;
    private ShmCapture capture;

    private synchronized ShmCapture capture() throws CaptureException {
        if (capture != null) {
            try {
                session.withDisplay((x, d, s, r) -> null);
            } catch (X11Refusal broken) {
                close();
            }
        }
        if (capture == null) {
            try {
                session = X11Session.open(System.getenv());
                capture = new ShmCapture(session);
            } catch (X11Refusal refused) {
                close();
                throw new CaptureException(refused.getMessage());
            }
        }
        return capture;
    }

    @Override
    public Frame captureScreen() throws CaptureException {
        return capture().captureScreen();
    }

    @Override
    public Frame captureRegion(int x, int y, int width, int height) throws CaptureException {
        return capture().captureRegion(x, y, width, height);
    }

    @Override
    public Frame captureWindow(long windowId) throws CaptureException {
        return capture().captureWindow(windowId);
    }

    @Deactivate
    synchronized void close() {
        if (capture != null) {
            capture.close();
            capture = null;
        }
        if (session != null) {
            session.close();
            session = null;
        }
    }
}
