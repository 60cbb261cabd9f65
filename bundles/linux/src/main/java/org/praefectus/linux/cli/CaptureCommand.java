package org.praefectus.linux.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.praefectus.api.cli.CliCommand;
import org.praefectus.api.cli.CliCommandException;
import org.praefectus.api.cli.Command;
import org.praefectus.api.vision.Frame;
import org.praefectus.api.vision.Region;
import org.praefectus.api.vision.ScreenCapture;
import org.praefectus.api.vision.VisionException;
import org.praefectus.linux.capture.PngFiles;
import org.praefectus.linux.capture.WindowCapture;

/**
 * {@code capture [--region x,y,w,h] [--window ID] --output FILE.png}: writes a new PNG (0600) of the screen,
 * a region or one window, through the {@code ScreenCapture} service. The data names the file and the captured
 * rectangle, never the pixels.
 */
@Component(service = CliCommand.class)
@Command(CaptureCommand.NAME)
public final class CaptureCommand implements CliCommand {

    static final String NAME = "capture";

    private final ScreenCapture capture;
    private final WindowCapture windows;

    @Activate
    public CaptureCommand(@Reference ScreenCapture capture, @Reference WindowCapture windows) {
        this.capture = capture;
        this.windows = windows;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String summary() {
        return "capture [--region x,y,w,h] [--window ID] --output FILE.png: the screen, a region or a window";
    }

    /** The parsed options. */
    record Options(int[] region, Long window, Path output) {}

    static Options parse(List<String> arguments) throws CliCommandException {
        int[] region = null;
        Long window = null;
        Path output = null;
        for (int i = 0; i < arguments.size(); i++) {
            String option = arguments.get(i);
            if (i + 1 >= arguments.size()) {
                throw CliCommandException.usage("capture: " + shortOption(option) + " needs a value");
            }
            String value = arguments.get(++i);
            switch (option) {
                case "--region" -> {
                    if (region != null) {
                        throw CliCommandException.usage("capture: --region may only be given once");
                    }
                    region = region(value);
                }
                case "--window" -> {
                    if (window != null) {
                        throw CliCommandException.usage("capture: --window may only be given once");
                    }
                    window = window(value);
                }
                case "--output" -> {
                    if (output != null) {
                        throw CliCommandException.usage("capture: --output may only be given once");
                    }
                    if (!value.endsWith(".png")) {
                        throw CliCommandException.usage("capture: --output must name a .png file");
                    }
                    output = Path.of(value);
                }
                default -> throw CliCommandException.usage("capture: unknown option " + shortOption(option));
            }
        }
        if (output == null) {
            throw CliCommandException.usage("capture requires --output FILE.png");
        }
        if (region != null && window != null) {
            throw CliCommandException.usage("capture: --region and --window exclude each other");
        }
        return new Options(region, window, output);
    }

    @Override
    public Object run(List<String> arguments) throws CliCommandException {
        Options options = parse(arguments);
        Frame frame;
        Region region;
        try {
            if (options.region() != null) {
                int[] r = options.region();
                region = new Region(r[0], r[1], r[2], r[3]);
            } else if (options.window() != null) {
                region = windows.windowRegion(options.window());
            } else {
                region = capture.screenBounds();
            }
            frame = capture.capture(region);
        } catch (VisionException e) {
            throw CliCommandException.failure(e.code(), e.getMessage());
        }
        try {
            PngFiles.write(frame, options.output());
        } catch (IOException e) {
            throw CliCommandException.failure("capture_error", "the output file cannot be created (it must not exist)");
        }
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("output", options.output().toAbsolutePath().toString());
        data.put("x", region.x());
        data.put("y", region.y());
        data.put("width", frame.width());
        data.put("height", frame.height());
        return data;
    }

    private static int[] region(String value) throws CliCommandException {
        String[] parts = value.split(",", -1);
        if (parts.length != 4) {
            throw CliCommandException.usage("capture: --region takes x,y,width,height");
        }
        int[] region = new int[4];
        try {
            for (int i = 0; i < 4; i++) {
                region[i] = Integer.parseInt(parts[i].strip());
            }
        } catch (NumberFormatException e) {
            throw CliCommandException.usage("capture: --region takes x,y,width,height");
        }
        if (region[0] < 0 || region[1] < 0 || region[2] <= 0 || region[3] <= 0) {
            throw CliCommandException.usage("capture: --region must be inside the screen and not empty");
        }
        return region;
    }

    private static long window(String value) throws CliCommandException {
        try {
            long id = value.startsWith("0x") ? Long.parseUnsignedLong(value.substring(2), 16) : Long.parseLong(value);
            if (id <= 0 || id > 0xFFFF_FFFFL) {
                throw new NumberFormatException();
            }
            return id;
        } catch (NumberFormatException e) {
            throw CliCommandException.usage("capture: --window takes an X window ID");
        }
    }

    private static String shortOption(String option) {
        return option.length() > 32 ? option.substring(0, 32) : option;
    }
}
