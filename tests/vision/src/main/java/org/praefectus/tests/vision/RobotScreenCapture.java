package org.praefectus.tests.vision;

import java.awt.AWTException;
import java.awt.Rectangle;
import java.awt.Robot;
import java.awt.Toolkit;
import java.awt.image.BufferedImage;
import org.praefectus.api.vision.Frame;
import org.praefectus.api.vision.PixelFormat;
import org.praefectus.api.vision.Region;
import org.praefectus.api.vision.ScreenCapture;
import org.praefectus.api.vision.VisionException;

/**
 * A screen capture for the tests, through AWT's Robot on the test desktop's X server, standing in for the
 * Linux executor's capture service until it exists.
 */
final class RobotScreenCapture implements ScreenCapture {

    private final Robot robot;

    RobotScreenCapture() throws AWTException {
        this.robot = new Robot();
    }

    @Override
    public Region screenBounds() {
        var size = Toolkit.getDefaultToolkit().getScreenSize();
        return new Region(0, 0, size.width, size.height);
    }

    @Override
    public Frame capture(Region region) {
        Region screen = screenBounds();
        Region target = region == null ? screen : region;
        if (!screen.contains(target)) {
            throw new VisionException(VisionException.INVALID_REGION, "the region lies outside the screen");
        }
        BufferedImage image =
                robot.createScreenCapture(new Rectangle(target.x(), target.y(), target.width(), target.height()));
        int[] argb = image.getRGB(0, 0, target.width(), target.height(), null, 0, target.width());
        byte[] bgra = new byte[argb.length * 4];
        for (int i = 0; i < argb.length; i++) {
            bgra[i * 4] = (byte) argb[i];
            bgra[i * 4 + 1] = (byte) (argb[i] >>> 8);
            bgra[i * 4 + 2] = (byte) (argb[i] >>> 16);
            bgra[i * 4 + 3] = (byte) 0xff;
        }
        return Frame.packed(target.width(), target.height(), PixelFormat.BGRA8, bgra);
    }
}
