package org.praefectus.linux.cli;

import java.util.List;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.praefectus.api.cli.CliCommand;
import org.praefectus.api.cli.CliCommandException;
import org.praefectus.api.cli.Command;
import org.praefectus.api.resident.ResidentHost;
import org.praefectus.linux.desktop.DesktopSession;
import org.praefectus.linux.desktop.InputVerb;

/** {@code paste}: PeekabooX's paste verb, signed by the resident host (or shown with {@code --dry-run}). */
@Component(service = CliCommand.class)
@Command(PasteCommand.NAME)
public final class PasteCommand implements CliCommand {

    static final String NAME = "paste";

    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC)
    private volatile ResidentHost host;

    private final InputVerb verb;

    @Activate
    public PasteCommand(@Reference DesktopSession session) {
        this.verb = new InputVerb(session.executor(), () -> host);
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String summary() {
        return InputSummaries.of(NAME);
    }

    @Override
    public Object run(List<String> arguments) throws CliCommandException {
        return InputFlags.run(NAME, verb, arguments);
    }
}
