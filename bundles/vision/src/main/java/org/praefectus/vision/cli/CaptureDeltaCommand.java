package org.praefectus.vision.cli;

import java.util.List;
import java.util.Set;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.praefectus.api.cli.CliCommand;
import org.praefectus.api.cli.CliCommandException;
import org.praefectus.api.cli.Command;
import org.praefectus.api.cli.Options;
import org.praefectus.api.vision.CaptureStreamOptions;
import org.praefectus.api.vision.CaptureStreams;
import org.praefectus.api.vision.VisionException;

/**
 * {@code capture-delta --stream ID [--region x,y,w,h] [--reset] [--full-frame] [--threshold N]}: the next step
 * of a live capture stream. Stream state lives in the running framework (Gogo, a host), not across separate
 * CLI processes: each new process starts every stream with a full frame.
 */
@Component(service = CliCommand.class)
@Command(CaptureDeltaCommand.NAME)
public final class CaptureDeltaCommand implements CliCommand {

    static final String NAME = "capture-delta";

    private final CaptureStreams streams;

    @Activate
    public CaptureDeltaCommand(@Reference CaptureStreams streams) {
        this.streams = streams;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String summary() {
        return "the next delta of a live screen capture stream: full frame first, then changed-rectangle patches";
    }

    @Override
    public Object run(List<String> arguments) throws CliCommandException {
        Options flags = Options.parse(
                NAME, arguments, Set.of("stream", "region", "threshold"), Set.of("reset", "full-frame"), Set.of());
        String stream = flags.value("stream");
        if (stream == null || !flags.positional().isEmpty()) {
            throw CliCommandException.usage(NAME + ": --stream ID is required and nothing else is positional");
        }
        CaptureStreamOptions options = new CaptureStreamOptions(
                flags.has("reset"), !flags.has("full-frame"), flags.integer("threshold", 0, 0, 255));
        try {
            return streams.capture(stream, VisionOptions.region(flags, "region"), options);
        } catch (VisionException e) {
            throw VisionOptions.failure(e);
        }
    }
}
