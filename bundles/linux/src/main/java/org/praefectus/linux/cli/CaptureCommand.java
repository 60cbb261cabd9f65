package org.praefectus.linux.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.praefectus.api.cli.CliCommand;
import org.praefectus.api.cli.CliCommandException;
import org.praefectus.api.cli.Command;
import org.praefectus.api.cli.OwnedStdout;
import org.praefectus.api.desktop.CaptureRequest;
import org.praefectus.api.desktop.DesktopCapture;
import org.praefectus.api.desktop.DesktopException;
import org.praefectus.api.desktop.Screenshot;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.vision.Region;
import org.praefectus.linux.capture.PngFiles;

/**
 * {@code capture [--region x,y,w,h] [--window-id ID | --window-title T | --app A | --title-regex R]
 * (--output FILE.png | --stdout) [--no-overwrite] [--include-semantic-tree]}: a PNG (new file, 0600) of the
 * screen, a region or one window, through the {@link DesktopCapture} service; with a window filter the region
 * is relative to the window (PeekabooX). The data is PeekabooX's capture metadata, never the pixels;
 * {@code --stdout} writes the PNG bytes instead of an envelope.
 */
@Component(service = CliCommand.class)
@Command(CaptureCommand.NAME)
public final class CaptureCommand implements CliCommand {

    static final String NAME = "capture";

    private final DesktopCapture capture;

    @Activate
    public CaptureCommand(@Reference DesktopCapture capture) {
        this.capture = capture;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String summary() {
        return "capture [--region x,y,w,h] [--window-id ID|--window-title T|--app A|--title-regex R]"
                + " --output FILE.png|--stdout [--include-semantic-tree]: the screen, a region or a window";
    }

    /** The request, and whether the PNG goes to stdout instead of a file. */
    record Parsed(CaptureRequest request, boolean stdout) {}

    static Parsed parse(List<String> arguments) throws CliCommandException {
        org.praefectus.api.cli.Options flags = org.praefectus.api.cli.Options.parse(
                NAME,
                arguments,
                Set.of("region", "window", "window-id", "output", "window-title", "app", "title-regex", "format"),
                Set.of("stdout", "no-overwrite", "include-semantic-tree"));
        if (!flags.positional().isEmpty()) {
            throw CliCommandException.usage("capture: unknown argument (options start with --)");
        }
        if (flags.has("format") && !flags.value("format").equals("png")) {
            throw CliCommandException.usage("capture: only --format png is supported");
        }
        if (flags.has("window") && flags.has("window-id")) {
            throw CliCommandException.usage("capture: --window and --window-id are one option");
        }
        String windowId = flags.has("window") ? flags.value("window") : flags.value("window-id");
        boolean stdout = flags.has("stdout");
        if (flags.has("output") == stdout) {
            throw CliCommandException.usage("capture requires exactly one of --output FILE.png and --stdout");
        }
        Pattern regex = null;
        if (flags.has("title-regex")) {
            try {
                regex = Pattern.compile(flags.value("title-regex"));
            } catch (PatternSyntaxException e) {
                throw CliCommandException.usage("capture: --title-regex is not a valid regular expression");
            }
        }
        try {
            return new Parsed(
                    new CaptureRequest(
                            flags.has("region") ? region(flags.value("region")) : null,
                            windowId == null ? null : CaptureRequest.windowId(windowId),
                            flags.value("window-title"),
                            flags.value("app"),
                            regex,
                            flags.has("output") ? Path.of(flags.value("output")) : null,
                            flags.has("include-semantic-tree")),
                    stdout);
        } catch (IllegalArgumentException invalid) {
            throw CliCommandException.usage("capture: " + invalid.getMessage());
        }
    }

    @Override
    public Object run(List<String> arguments) throws CliCommandException {
        Parsed parsed = parse(arguments);
        Screenshot shot;
        try {
            shot = capture.capture(parsed.request(), new CancellationToken());
        } catch (DesktopException e) {
            throw DesktopFailures.of(e);
        }
        if (!parsed.stdout()) {
            return shot;
        }
        try {
            PngFiles.write(shot.frame(), System.out);
            System.out.flush();
        } catch (IOException e) {
            throw CliCommandException.failure("capture_error", "the image cannot be written to stdout");
        }
        return OwnedStdout.INSTANCE;
    }

    private static Region region(String value) throws CliCommandException {
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
        return new Region(region[0], region[1], region[2], region[3]);
    }
}
