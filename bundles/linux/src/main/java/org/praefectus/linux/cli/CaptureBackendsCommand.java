package org.praefectus.linux.cli;

import java.util.List;
import java.util.Set;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.praefectus.api.cli.CliCommand;
import org.praefectus.api.cli.CliCommandException;
import org.praefectus.api.cli.Command;
import org.praefectus.api.cli.Options;
import org.praefectus.api.vision.CaptureBackendInspector;
import org.praefectus.api.vision.CaptureBackendQuery;
import org.praefectus.api.vision.CaptureBackendReport;
import org.praefectus.api.vision.Region;

/**
 * {@code capture-backends [--diagnose] [--probe file|frame|region|all] [--output FILE | --format png|xwd]
 * [--region x,y,w,h]}: the image backends and, with {@code --probe}, a live capture through them. A failed probe
 * fails the command ({@code capture_probe_failed}, exit 3) with the whole answer in the error's {@code details}.
 */
@Component(service = CliCommand.class)
@Command(CaptureBackendsCommand.NAME)
public final class CaptureBackendsCommand implements CliCommand {

    static final String NAME = "capture-backends";

    private final CaptureBackendInspector backends;

    @Activate
    public CaptureBackendsCommand(@Reference CaptureBackendInspector backends) {
        this.backends = backends;
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
        CaptureBackendReport report = backends.inspect(parse(arguments));
        if (report.probeFailed()) {
            throw CliCommandException.failure(CaptureBackendInspector.PROBE_FAILED, "a capture probe failed", report);
        }
        return report;
    }

    static CaptureBackendQuery parse(List<String> arguments) throws CliCommandException {
        Options flags =
                Options.parse(NAME, arguments, Set.of("probe", "output", "format", "region"), Set.of("diagnose"));
        if (!flags.positional().isEmpty()) {
            throw CliCommandException.usage(NAME + " takes no positional arguments");
        }
        long[] r = flags.numbers("region", 4);
        Region region = null;
        if (r != null) {
            if (r[0] < 0 || r[1] < 0 || r[2] > Integer.MAX_VALUE || r[3] > Integer.MAX_VALUE) {
                throw CliCommandException.usage(NAME + ": --region must lie on the screen");
            }
            region = new Region((int) r[0], (int) r[1], (int) r[2], (int) r[3]);
        }
        try {
            return CaptureBackendQuery.of(
                    flags.value("format"), flags.value("output"), flags.value("probe"), flags.has("diagnose"), region);
        } catch (IllegalArgumentException invalid) {
            throw CliCommandException.usage(NAME + ": " + invalid.getMessage());
        }
    }
}
