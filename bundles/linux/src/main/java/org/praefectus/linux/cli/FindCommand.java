package org.praefectus.linux.cli;

import java.util.List;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.praefectus.api.cli.CliCommand;
import org.praefectus.api.cli.CliCommandException;
import org.praefectus.api.cli.Command;
import org.praefectus.api.vision.ScreenCapture;
import org.praefectus.api.vision.UiElementDetector;
import org.praefectus.linux.desktop.DesktopSession;
import org.praefectus.linux.desktop.ElementsVerb;

/** {@code find}: PeekabooX's name for {@code elements}, with the same options and data. */
@Component(service = CliCommand.class)
@Command(FindCommand.NAME)
public final class FindCommand implements CliCommand {

    static final String NAME = "find";

    private final ElementsVerb verb;

    @Activate
    public FindCommand(
            @Reference DesktopSession session,
            @Reference(cardinality = ReferenceCardinality.OPTIONAL) ScreenCapture capture,
            @Reference(cardinality = ReferenceCardinality.OPTIONAL) UiElementDetector detector) {
        this.verb = ElementsVerb.of(session, capture, detector);
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String summary() {
        return "find --selector S ...: the same as elements";
    }

    @Override
    public Object run(List<String> arguments) throws CliCommandException {
        return ElementsCommand.run(NAME, verb, arguments);
    }
}
