package org.praefectus.linux.cli;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.praefectus.api.cli.CliCommand;
import org.praefectus.api.cli.CliCommandException;
import org.praefectus.api.cli.Command;
import org.praefectus.api.cli.Options;
import org.praefectus.api.vision.Region;
import org.praefectus.api.vision.ScreenCapture;
import org.praefectus.linux.ExecutorConfig;
import org.praefectus.linux.ExecutorEnvironment;
import org.praefectus.linux.capture.CaptureBackends;
import org.praefectus.linux.capture.LinuxScreenCapture;

/**
 * {@code capture-backends [--diagnose] [--probe file|frame|region|all] [--output FILE | --format png|xwd]
 * [--region x,y,w,h]}: the image backends and, with {@code --probe}, a live capture through them. A failed probe
 * fails the command ({@code capture_probe_failed}, exit 3) with the whole answer in the error's {@code details}.
 */
@Component(service = CliCommand.class, configurationPid = ExecutorConfig.PID)
@Command(CaptureBackendsCommand.NAME)
public final class CaptureBackendsCommand implements CliCommand {

    static final String NAME = "capture-backends";

    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC)
    private volatile ScreenCapture capture;

    private final Map<String, String> environment;
    private final boolean screenCastRoute;

    @Activate
    public CaptureBackendsCommand(ExecutorConfig config) {
        this.environment = ExecutorEnvironment.of(config);
        this.screenCastRoute = LinuxScreenCapture.screenCastRoute(config);
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String summary() {
        return "capture-backends [--diagnose] [--probe file|frame|region|all] [--format png|xwd] [--region R]:"
                + " image backends and live probes";
    }

    @Override
    public Object run(List<String> arguments) throws CliCommandException {
        CaptureBackends.Request request = parse(arguments);
        CaptureBackends.Answer answer =
                new CaptureBackends(environment, Optional.ofNullable(capture), screenCastRoute).inspect(request);
        if (answer.probeFailed()) {
            throw CliCommandException.failure("capture_probe_failed", "a capture probe failed", answer.data());
        }
        return answer.data();
    }

    static CaptureBackends.Request parse(List<String> arguments) throws CliCommandException {
        Options flags =
                Options.parse(NAME, arguments, Set.of("probe", "output", "format", "region"), Set.of("diagnose"));
        if (!flags.positional().isEmpty()) {
            throw CliCommandException.usage(NAME + " takes no positional arguments");
        }
        String format = flags.value("format");
        if (format == null && flags.has("output")) {
            String output = flags.value("output").toLowerCase(Locale.ROOT);
            format = output.endsWith(".xwd") ? "xwd" : output.endsWith(".png") ? "png" : null;
            if (format == null) {
                throw CliCommandException.usage(NAME + ": --output names a .png or .xwd file");
            }
        }
        format = format == null ? "png" : format;
        if (!format.equals("png") && !format.equals("xwd")) {
            throw CliCommandException.usage(NAME + ": --format takes png or xwd");
        }
        String probe = flags.has("probe") ? flags.value("probe") : "none";
        List<String> probes = switch (probe) {
            case "none" -> List.of();
            case "all" -> CaptureBackends.PROBES;
            case "file", "frame", "region" -> List.of(probe);
            default -> throw CliCommandException.usage(NAME + ": --probe takes file, frame, region, all or none");
        };
        long[] r = flags.numbers("region", 4);
        Region region = null;
        if (r != null) {
            if (r[0] < 0 || r[1] < 0 || r[2] > Integer.MAX_VALUE || r[3] > Integer.MAX_VALUE) {
                throw CliCommandException.usage(NAME + ": --region must lie on the screen");
            }
            region = new Region((int) r[0], (int) r[1], (int) r[2], (int) r[3]);
        }
        return new CaptureBackends.Request(format, flags.has("diagnose"), probes, region);
    }
}
