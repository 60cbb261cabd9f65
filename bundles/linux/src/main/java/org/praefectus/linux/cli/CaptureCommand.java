package org.praefectus.linux.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
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
import org.praefectus.api.desktop.DesktopWindow;
import org.praefectus.api.desktop.ElementScope;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.protocol.Rect;
import org.praefectus.api.selector.Selector;
import org.praefectus.api.vision.Frame;
import org.praefectus.api.vision.Region;
import org.praefectus.api.vision.ScreenCapture;
import org.praefectus.api.vision.VisionException;
import org.praefectus.linux.capture.PngFiles;
import org.praefectus.linux.capture.WindowCapture;
import org.praefectus.linux.desktop.DesktopSession;
import org.praefectus.linux.desktop.ElementFinder;
import org.praefectus.linux.desktop.WindowDirectory;

/**
 * {@code capture [--region x,y,w,h] [--window-id ID | --window-title T | --app A | --title-regex R]
 * (--output FILE.png | --stdout) [--no-overwrite] [--include-semantic-tree]}: a PNG (new file, 0600) of the
 * screen, a region or one window, through the {@code ScreenCapture} service; with a window filter the region
 * is relative to the window (PeekabooX). The data is PeekabooX's capture metadata, never the pixels;
 * {@code --stdout} writes the PNG bytes instead of an envelope.
 */
@Component(service = CliCommand.class)
@Command(CaptureCommand.NAME)
public final class CaptureCommand implements CliCommand {

    static final String NAME = "capture";

    private final ScreenCapture capture;
    private final WindowCapture windows;
    private final DesktopSession session;

    @Activate
    public CaptureCommand(
            @Reference ScreenCapture capture, @Reference WindowCapture windows, @Reference DesktopSession session) {
        this.capture = capture;
        this.windows = windows;
        this.session = session;
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

    /** The parsed options. */
    record Options(
            int[] region,
            Long window,
            Path output,
            String windowTitle,
            String app,
            Pattern titleRegex,
            boolean stdout,
            boolean semanticTree) {

        boolean filtered() {
            return windowTitle != null || app != null || titleRegex != null;
        }
    }

    static Options parse(List<String> arguments) throws CliCommandException {
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
        Path output = null;
        if (flags.has("output")) {
            if (!flags.value("output").endsWith(".png")) {
                throw CliCommandException.usage("capture: --output must name a .png file");
            }
            output = Path.of(flags.value("output"));
        }
        boolean stdout = flags.has("stdout");
        if ((output == null) == !stdout) {
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
        Options options = new Options(
                flags.has("region") ? region(flags.value("region")) : null,
                windowId == null ? null : window(windowId),
                output,
                flags.value("window-title"),
                flags.value("app"),
                regex,
                stdout,
                flags.has("include-semantic-tree"));
        if (options.window() != null && options.filtered()) {
            throw CliCommandException.usage("capture: --window-id and the window filters exclude each other");
        }
        return options;
    }

    @Override
    public Object run(List<String> arguments) throws CliCommandException {
        Options options = parse(arguments);
        Frame frame;
        Region region;
        DesktopWindow matched = null;
        String source;
        try {
            Region window = null;
            if (options.window() != null) {
                window = windows.windowRegion(options.window());
                source = "window";
            } else if (options.filtered()) {
                matched = window(options);
                Rect b = matched.bounds();
                window = new Region((int) b.x(), (int) b.y(), (int) b.width(), (int) b.height());
                source = "window";
            } else {
                source = options.region() == null ? "screen" : "region";
            }
            if (options.region() != null) {
                int[] r = options.region();
                region = window == null
                        ? new Region(r[0], r[1], r[2], r[3])
                        : new Region(window.x() + r[0], window.y() + r[1], r[2], r[3]);
                if (window != null && !window.contains(region)) {
                    throw CliCommandException.failure("invalid_region", "the region leaves the window");
                }
            } else {
                region = window == null ? capture.screenBounds() : window;
            }
            frame = capture.capture(region);
        } catch (VisionException e) {
            throw CliCommandException.failure(e.code(), e.getMessage());
        }
        if (options.stdout()) {
            try {
                PngFiles.write(frame, System.out);
                System.out.flush();
            } catch (IOException e) {
                throw CliCommandException.failure("capture_error", "the image cannot be written to stdout");
            }
            return OwnedStdout.INSTANCE;
        }
        try {
            PngFiles.write(frame, options.output());
        } catch (IOException e) {
            Path folder = options.output().toAbsolutePath().getParent();
            throw CliCommandException.failure(
                    "capture_error",
                    folder != null && !Files.isDirectory(folder)
                            ? "the output file's folder does not exist (create it first)"
                            : "the output file cannot be created (it must not exist)");
        }
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("output", options.output().toAbsolutePath().toString());
        data.put("x", region.x());
        data.put("y", region.y());
        data.put("width", frame.width());
        data.put("height", frame.height());
        data.put("mime_type", "image/png");
        data.put(
                "capture_region",
                Map.of("x", region.x(), "y", region.y(), "width", frame.width(), "height", frame.height()));
        data.put(
                "window_id",
                options.window() != null ? Long.toString(options.window()) : matched == null ? null : matched.id());
        data.put("window", matched);
        data.put("source", source);
        data.put("backend", capture.backendName()); // the service that served the frame names itself
        data.put("timestamp", Instant.now().toString());
        if (options.semanticTree()) {
            data.put("semantic_tree", semanticTree(options, matched));
        }
        return data;
    }

    /** The one window the filters name. */
    private DesktopWindow window(Options options) throws CliCommandException {
        List<DesktopWindow> matching = new ArrayList<>();
        for (DesktopWindow window : new WindowDirectory(session.executor())
                .list("auto", new CancellationToken(), ObservationCommands.deadline())
                .windows()) {
            if ((options.windowTitle() == null || contains(window.title(), options.windowTitle()))
                    && (options.app() == null || contains(window.appId(), options.app()))
                    && (options.titleRegex() == null
                            || options.titleRegex().matcher(window.title()).find())) {
                matching.add(window);
            }
        }
        if (matching.isEmpty()) {
            throw CliCommandException.failure("window_not_found", "no window matches the filters");
        }
        if (matching.size() > 1) {
            throw CliCommandException.failure("ambiguous_window", "more than one window matches: use --window-id");
        }
        return matching.get(0);
    }

    private Object semanticTree(Options options, DesktopWindow matched) throws CliCommandException {
        ElementScope scope = matched != null
                ? new ElementScope(null, null, matched.id())
                : options.window() != null
                        ? new ElementScope(null, null, Long.toString(options.window()))
                        : ElementScope.ALL;
        try {
            return new ElementFinder(session.executor(), 0)
                    .find(Selector.any(), scope, 0, new CancellationToken(), ObservationCommands.deadline())
                    .elements();
        } catch (ExecutorException e) {
            throw DesktopFailures.of(e);
        }
    }

    private static boolean contains(String text, String part) {
        return text != null && text.toLowerCase(Locale.ROOT).contains(part.toLowerCase(Locale.ROOT));
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
}
